// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Holds the 200 PAYD liquidation reserve of every open cache. It has no functions: the PAYD
/// token lets the cache manager and borrower operations move or burn its balance.
// solhint-disable-next-line no-empty-blocks
contract GasPool {}
