// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IDepositContract} from "../interfaces/IDepositContract.sol";

/// @notice Deposits several 32-ETH validators in one transaction: takes N deposit data entries and
/// exactly N x 32 ETH and forwards each entry to the beacon deposit contract. If any entry is
/// refused the whole transaction reverts, naming the entry, so no validator is half-funded.
contract MultipleDeposit {
    struct DepositData {
        bytes pubkey;
        bytes withdrawal_credentials;
        bytes signature;
        bytes32 deposit_data_root;
    }

    uint256 public constant DEPOSIT_AMOUNT = 32 ether;
    /// a block's gas limit fits about 100 deposits; more would only fail late
    uint256 public constant MAX_DEPOSITS = 100;

    IDepositContract public immutable depositContract;

    event MultipleDeposited(address indexed sender, uint256 count, uint256 amount);

    error NoDeposits();
    error TooManyDeposits(uint256 count, uint256 max);
    error WrongValue(uint256 expected, uint256 sent);
    /// @param reason the deposit contract's revert data (an Error(string) with its message)
    error DepositFailed(uint256 index, bytes reason);

    constructor(IDepositContract depositContract_) {
        require(address(depositContract_) != address(0), "MultipleDeposit: zero deposit contract");
        depositContract = depositContract_;
    }

    function depositMultiple(DepositData[] calldata deposits) external payable {
        uint256 count = deposits.length;
        if (count == 0) revert NoDeposits();
        if (count > MAX_DEPOSITS) revert TooManyDeposits(count, MAX_DEPOSITS);
        if (msg.value != count * DEPOSIT_AMOUNT) revert WrongValue(count * DEPOSIT_AMOUNT, msg.value);
        for (uint256 i = 0; i < count; ++i) {
            DepositData calldata d = deposits[i];
            // Success needs nothing more; a failure reverts naming the deposit.
            try depositContract.deposit{value: DEPOSIT_AMOUNT}(
                d.pubkey, d.withdrawal_credentials, d.signature, d.deposit_data_root
                // solhint-disable-next-line no-empty-blocks
            ) {} catch (bytes memory reason) {
                revert DepositFailed(i, reason);
            }
        }
        emit MultipleDeposited(msg.sender, count, msg.value);
    }
}
