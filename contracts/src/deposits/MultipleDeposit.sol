// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IDepositContract} from "../interfaces/IDepositContract.sol";

/// @notice Deposits several validators in one transaction, each with its own amount (issue 25: 0x02
/// validators of 32-2048 ETH, top-ups of 1-2048 ETH, 32-ETH 0x01 validators, mixed in one batch):
/// takes N deposit data entries and exactly the sum of their amounts, and forwards each entry with its
/// amount to the beacon deposit contract. If any entry is refused the whole transaction reverts,
/// naming the entry, so no validator is half-funded.
contract MultipleDeposit {
    struct DepositData {
        bytes pubkey;
        bytes withdrawal_credentials;
        bytes signature;
        bytes32 deposit_data_root;
        /// in wei: the amount the deposit data was signed for (its `amount` in gwei x 1 gwei)
        uint256 amount;
    }

    /// MIN_DEPOSIT_AMOUNT of the consensus specs (the deposit contract refuses less)
    uint256 public constant MIN_DEPOSIT_AMOUNT = 1 ether;
    /// MAX_EFFECTIVE_BALANCE_ELECTRA: what one 0x02 validator can count; more in one deposit is a mistake
    uint256 public constant MAX_DEPOSIT_AMOUNT = 2048 ether;
    /// 100 deposits take about 3.3M gas (npm run bench -- gas), a fifth of EIP-7825's 2^24 per transaction
    uint256 public constant MAX_DEPOSITS = 100;

    IDepositContract public immutable depositContract;

    event MultipleDeposited(address indexed sender, uint256 count, uint256 amount);

    error NoDeposits();
    error TooManyDeposits(uint256 count, uint256 max);
    /// @param index the entry whose amount is below 1 ETH or above 2048 ETH
    error AmountOutOfRange(uint256 index, uint256 amount, uint256 min, uint256 max);
    /// @param index the entry whose amount is not a whole number of gwei (deposit data counts gwei)
    error AmountNotWholeGwei(uint256 index, uint256 amount);
    /// @param expected the sum of the entries' amounts
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
        // Every amount is checked, and the value against their sum, before any ETH moves.
        uint256 total = 0;
        for (uint256 i = 0; i < count; ++i) {
            uint256 amount = deposits[i].amount;
            if (amount < MIN_DEPOSIT_AMOUNT || amount > MAX_DEPOSIT_AMOUNT)
                revert AmountOutOfRange(i, amount, MIN_DEPOSIT_AMOUNT, MAX_DEPOSIT_AMOUNT);
            if (amount % 1 gwei != 0) revert AmountNotWholeGwei(i, amount);
            total += amount;
        }
        if (msg.value != total) revert WrongValue(total, msg.value);
        for (uint256 i = 0; i < count; ++i) {
            DepositData calldata d = deposits[i];
            // Success needs nothing more; a failure reverts naming the deposit.
            try depositContract.deposit{value: d.amount}(
                d.pubkey, d.withdrawal_credentials, d.signature, d.deposit_data_root
                // solhint-disable-next-line no-empty-blocks
            ) {} catch (bytes memory reason) {
                revert DepositFailed(i, reason);
            }
        }
        emit MultipleDeposited(msg.sender, count, msg.value);
    }
}
