// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice The interface of the Ethereum beacon-chain deposit contract (consensus-specs, phase 0).
interface IDepositContract {
    /// @notice A processed deposit; amount and index are little-endian 64-bit numbers, as in the spec.
    event DepositEvent(bytes pubkey, bytes withdrawal_credentials, bytes amount, bytes signature, bytes index);

    /// @notice Submits a DepositData object; msg.value is the amount (>= 1 ether, a whole number of gwei).
    /// @param deposit_data_root the SHA-256 hash_tree_root of the DepositData, checked against the other fields
    function deposit(
        bytes calldata pubkey,
        bytes calldata withdrawal_credentials,
        bytes calldata signature,
        bytes32 deposit_data_root
    ) external payable;

    function get_deposit_root() external view returns (bytes32);

    function get_deposit_count() external view returns (bytes memory);
}
