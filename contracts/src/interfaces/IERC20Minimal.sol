// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice The ERC-20 calls payd contracts make on tokens they hold.
interface IERC20Minimal {
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}
