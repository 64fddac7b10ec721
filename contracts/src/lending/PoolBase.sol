// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Shared by the pools: errors, checked narrowing of balances and ETH sends. The pools take the
/// addresses they trust in their constructors (immutables; the deploy script computes them from its nonce).
abstract contract PoolBase {
    error CallerNotAllowed(address caller);
    error ETHTransferFailed(address to, uint256 amount);

    error AmountTooLarge(uint256 amount);

    /// @dev Pool balances are kept as uint128 pairs in one slot (3.4e20 ETH or PAYD, beyond any supply).
    function _u128(uint256 x) internal pure returns (uint128) {
        if (x > type(uint128).max) revert AmountTooLarge(x);
        return uint128(x);
    }

    /// @dev An ETH balance kept beside an address in one slot (7.9e28 wei, far beyond the ETH supply).
    function _u96(uint256 x) internal pure returns (uint96) {
        if (x > type(uint96).max) revert AmountTooLarge(x);
        return uint96(x);
    }

    function _sendETH(address to, uint256 amount) internal {
        if (amount == 0) return;
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert ETHTransferFailed(to, amount);
    }
}
