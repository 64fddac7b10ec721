// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Liquid staking (issue 13): the validator pool that holds the ETH behind FETH, deposits
/// admin-registered 32-ETH validators, swaps FETH back to ETH through a first-in first-out queue and
/// pays the reported staking and mining rewards out. 1 FETH is a claim on 1 ETH of the pool.
///
/// Accounting (every amount in wei):
///   FETH.totalSupply() == freeETH + totalStakedETH + deactivatedETHInProgress
///   address(this).balance == freeETH + claimableETH + pendingRewardsETH + feesOwedETH + unaccountedETH()
/// FETH in the queue is held by the pool (still in the supply); a fill burns the filled FETH, moves
/// the same ETH from freeETH to claimableETH and credits it to the entry's depositor.
interface IValidatorPool {
    /// @dev Field names and types as the beacon deposit contract takes them.
    struct ValidatorDeposit {
        bytes pubkey;
        bytes withdrawal_credentials;
        bytes signature;
        bytes32 deposit_data_root;
    }

    enum ValidatorStatus {
        None,
        Added,
        Staked,
        Exiting,
        Exited,
        Removed
    }

    // --- events ---
    event ValidatorAdded(uint256 indexed id, bytes pubkey);
    event ValidatorRemoved(uint256 indexed id);
    event ValidatorsDeposited(address indexed depositor, uint256 count, uint256 firstId, uint256 fethMinted);
    event ValidatorExiting(uint256 indexed id);
    event ValidatorExited(uint256 indexed id);
    event SwapQueued(uint256 indexed entryId, address indexed depositor, uint256 amount);
    event SwapFilled(uint256 indexed entryId, address indexed depositor, uint256 amount, uint256 remaining);
    event SwapCancelled(uint256 indexed entryId, address indexed depositor, uint256 fethReturned);
    /// @notice Processing one entry reverted with Error(string); the entry leaves the queue, its
    /// unfilled FETH stays in the pool for its depositor to take back with cancelFETHDeposit.
    event SwapFailed(uint256 indexed entryId, address indexed depositor, string reason);
    event SwapFailedPanic(uint256 indexed entryId, address indexed depositor, uint256 code);
    event SwapFailedData(uint256 indexed entryId, address indexed depositor, bytes data);
    event ETHClaimed(address indexed depositor, uint256 amount, uint256 fee);
    event RewardsReported(
        uint256 indexed period,
        uint256 stakingRewards,
        uint256 miningRewards,
        uint256 stakingFeeCut,
        uint256 miningFeeCut,
        uint256 charityShare,
        uint256 distributed
    );
    event DepositContractChanged(address depositContract);
    event ReportPeriodChanged(uint256 seconds_);
    event FeeRatesChanged(uint256 stakingFeeRate, uint256 miningFeeRate, uint256 fethSwapFeeRate);
    /// @notice A fee or charity wallet refused its fee (or needed more than FEE_GAS to take it):
    /// the fee is owed to it (feesOwed) and taken with withdrawFees; the claim or report goes on.
    event FeePaymentDeferred(address indexed wallet, uint256 amount);
    event FeesWithdrawn(address indexed wallet, uint256 amount);

    // --- errors (each names the rule it enforces) ---
    error KycDenied(address account, string check);
    error ZeroCount();
    error TooManyValidators(uint256 count, uint256 max);
    error NotEnoughAvailableValidators(uint256 requested, uint256 available);
    error WrongValue(uint256 expected, uint256 sent);
    error DepositFailed(uint256 validatorId, bytes reason);
    error InvalidValidator(uint256 index, string reason);
    error DuplicateValidator(bytes pubkey);
    error UnknownValidator(uint256 id);
    error WrongValidatorStatus(uint256 id, ValidatorStatus status);
    error ZeroAmount();
    error InsufficientFETH(uint256 balance, uint256 needed);
    error AlreadyQueued(uint256 entryId);
    error NothingQueued(address depositor);
    error NothingToClaim(address depositor);
    error ExitBalanceNotArrived(uint256 needed, uint256 arrived);
    error RewardsNotArrived(uint256 reported, uint256 available);
    error AlreadyReportedThisPeriod(uint256 period);
    error RateTooHigh(uint256 rate, uint256 max);
    error OnlySelf();
    error ETHTransferFailed(address to, uint256 amount);

    // --- users (each needs the KYC manager's canDepositFETH, claimETH needs canWithdraw) ---

    /// @notice Sends count x 32 ETH (exactly); the pool deposits the next `count` available
    /// validators (in the order they were added) through the beacon deposit contract and mints
    /// count x 32 FETH to the caller. All or nothing.
    function depositMultipleValidators(uint256 count) external payable;

    /// @notice Queues `amount` FETH (taken from the caller, no approval needed) to be swapped for
    /// ETH, behind every entry already queued, then fills the queue from the free ETH. One open
    /// entry per address (AlreadyQueued otherwise; a fully filled entry is closed).
    function depositFETH(uint256 amount) external;

    /// @notice Sends the caller the ETH of their filled swaps, less the FETH swap fee (to the
    /// fethSwapFee wallet of LendingSettings).
    function claimETH() external;

    /// @notice Takes the unfilled part of the caller's entry out of the queue and returns that FETH.
    /// The entry is found from the caller's entry id, checked against the queue head and size.
    /// Also returns the FETH of an entry whose processing failed.
    function cancelFETHDeposit() external;

    /// @notice Fills up to `maxEntries` entries from the free ETH (anyone may call; the automatic
    /// fills stop after MAX_FILLS_PER_CALL entries).
    function processQueue(uint256 maxEntries) external;

    // --- server admin ---

    /// @notice Registers payd-made deposit data: 48-byte pubkey, 96-byte signature, withdrawal
    /// credentials 0x01 ++ 11 zero bytes ++ this pool's address. A pubkey is registered once.
    function addValidators(ValidatorDeposit[] calldata validators) external;

    /// @notice Removes a validator that was added and not deposited.
    function removeValidator(uint256 id) external;

    /// @notice Staked -> Exiting (its 32 ETH move from totalStakedETH to deactivatedETHInProgress);
    /// the server has signed its voluntary exit.
    function markExiting(uint256[] calldata ids) external;

    /// @notice Exiting -> Exited once its balance has reached the pool (EIP-4895 withdrawals credit
    /// the pool without running code): 32 ETH each move from deactivatedETHInProgress to freeETH,
    /// then the queue is filled. Anything beyond 32 ETH stays unaccounted, for the reward report.
    function settleExits(uint256[] calldata ids) external;

    /// @notice At most once per reportPeriod: splits the reported rewards (which must have arrived:
    /// stakingRewards + miningRewards <= rewardsAvailable()) into the staking / mining fee cuts
    /// (to LendingSettings' stakingFee / miningFee wallets), the charity share (charityShareFETH of
    /// the rest, to charityWalletFETH) and the rest to the rewards pool's depositors
    /// (RewardsPool.distributeETHRewards; kept in pendingRewardsETH while the pool is empty).
    function reportRewards(uint256 stakingRewards, uint256 miningRewards) external;

    // --- fee and charity wallets ---

    /// @notice Sends the caller the fees it refused when they were paid (NothingToClaim when none).
    function withdrawFees() external;

    // --- human admin ---
    function setDepositContract(address depositContract_) external;
    function setReportPeriod(uint256 seconds_) external;
    /// @param stakingFeeRate_ of 1e18, at most 0.5e18; likewise miningFeeRate_; fethSwapFeeRate_ at most 0.05e18
    function setFeeRates(uint256 stakingFeeRate_, uint256 miningFeeRate_, uint256 fethSwapFeeRate_) external;

    // --- reads ---
    function VALIDATOR_AMOUNT() external view returns (uint256); // 32 ether (the store's validatorAmt)
    function MAX_VALIDATORS_PER_DEPOSIT() external view returns (uint256); // 50
    function MAX_FILLS_PER_CALL() external view returns (uint256); // 200
    function feth() external view returns (address);
    function depositContract() external view returns (address);
    function settings() external view returns (address);
    function rewardsPool() external view returns (address);

    function availableValidators() external view returns (uint256);
    function validatorCount() external view returns (uint256);
    function nextValidatorToDeposit() external view returns (uint256);
    function validatorStatus(uint256 id) external view returns (ValidatorStatus);
    function validatorPubkey(uint256 id) external view returns (bytes memory);
    function validatorIdOf(bytes calldata pubkey) external view returns (uint256); // 0 = none; ids start at 1
    /// @notice Ids of validators with `status`, from `startId` (inclusive), at most `max` of them.
    function validatorsWithStatus(ValidatorStatus status, uint256 startId, uint256 max)
        external
        view
        returns (uint256[] memory ids);

    function totalStakedETH() external view returns (uint256);
    function deactivatedETHInProgress() external view returns (uint256);
    function freeETH() external view returns (uint256);
    function claimableETH() external view returns (uint256); // all filled, unclaimed ETH
    function unaccountedETH() external view returns (uint256); // balance - freeETH - claimableETH - pendingRewardsETH - feesOwedETH (the store's rewardEthAmt)
    function rewardsAvailable() external view returns (uint256); // unaccountedETH - deactivatedETHInProgress, at least 0

    function unfilledFETHInQueue() external view returns (uint256);
    function queueHead() external view returns (uint256);
    function queueNext() external view returns (uint256);
    function queueLength() external view returns (uint256);
    function queueEntry(uint256 entryId) external view returns (address depositor, uint256 amount);
    function entryOf(address depositor) external view returns (uint256 entryId); // 0 = none; ids start at 1
    function fethSwapDeposit(address depositor) external view returns (uint256); // unfilled FETH queued (or failed)
    function ethSwapClaim(address depositor) external view returns (uint256); // filled ETH to claim
    /// @notice Place of the depositor's entry: 1-based position among the live entries and the FETH
    /// queued ahead of it; (0, 0) when none.
    function queuePosition(address depositor) external view returns (uint256 position, uint256 fethAhead);

    function reportPeriod() external view returns (uint256);
    function lastReportPeriod() external view returns (uint256);
    function stakingFeeRate() external view returns (uint256);
    function miningFeeRate() external view returns (uint256);
    function fethSwapFeeRate() external view returns (uint256);
    function totalLifetimeStakingRewards() external view returns (uint256);
    function totalLifetimeMiningRewards() external view returns (uint256);
    /// @notice Staking + mining rewards of the latest report.
    function currentRewards() external view returns (uint256);
    function pendingRewardsETH() external view returns (uint256);
    /// @notice Fees owed to `wallet` because it refused them when they were paid.
    function feesOwed(address wallet) external view returns (uint256);
    function feesOwedETH() external view returns (uint256); // sum of feesOwed
}
