// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AdminControlled} from "../access/AdminControlled.sol";
import {IDepositContract} from "../interfaces/IDepositContract.sol";
import {IFETHToken} from "../interfaces/IFETHToken.sol";
import {IKycManager} from "../interfaces/IKycManager.sol";
import {LendingMath} from "../lending/LendingMath.sol";
import {LendingSettings} from "../lending/LendingSettings.sol";
import {RewardsPool} from "../lending/RewardsPool.sol";
import {FETHSwapQueue} from "./FETHSwapQueue.sol";

/// @notice The validator pool (issue 13): holds the ETH behind FETH, deposits admin-registered 32-ETH
/// validators for users (minting FETH), swaps FETH back to ETH through the first-in first-out queue
/// of FETHSwapQueue, and pays out the staking and mining rewards the server admin reports.
///
/// Accounting (wei):
///   FETH.totalSupply() == freeETH + totalStakedETH + deactivatedETHInProgress
///   address(this).balance == freeETH + claimableETH + pendingRewardsETH + feesOwedETH + unaccountedETH()
/// feesOwedETH is fees whose wallet refused them (or needed more than FEE_GAS), kept for withdrawFees.
/// unaccountedETH is what arrived without being accounted yet: exited validators' balances before
/// settleExits, consensus and execution rewards before reportRewards, anything else sent here.
contract ValidatorPool is AdminControlled, FETHSwapQueue {
    uint256 public constant VALIDATOR_AMOUNT = 32 ether;
    uint256 public constant MAX_VALIDATORS_PER_DEPOSIT = 50;
    uint256 public constant MAX_STAKING_FEE_RATE = 0.5e18;
    uint256 public constant MAX_MINING_FEE_RATE = 0.5e18;
    uint256 public constant MAX_FETH_SWAP_FEE_RATE = 0.05e18;
    uint256 internal constant ONE = 1e18;
    /// @notice Gas a fee wallet gets to receive its fee; a wallet that refuses it or needs more
    /// takes it later with withdrawFees, so no wallet can block claims or reports.
    uint256 public constant FEE_GAS = 100_000;

    struct Validator {
        bytes pubkey;
        bytes signature;
        bytes32 depositDataRoot;
        ValidatorStatus status;
    }

    address public immutable settings;
    address public immutable rewardsPool;
    address public depositContract;

    // --- validators ---
    uint256 public validatorCount;
    uint256 public availableValidators;
    /// @dev Every id below it is not Added; it is an Added validator's id or validatorCount + 1.
    uint256 internal _depositCursor = 1;
    mapping(uint256 => Validator) internal _validators;
    mapping(bytes32 => uint256) internal _idOfPubkey;

    uint256 public totalStakedETH;
    uint256 public deactivatedETHInProgress;

    // --- rewards ---
    uint256 public pendingRewardsETH;
    uint256 public reportPeriod = 1 days;
    uint256 public lastReportPeriod;
    /// @notice Time of the latest reward report (0: none yet).
    uint256 public lastReportTime;
    uint256 public stakingFeeRate = 0.1e18;
    uint256 public miningFeeRate = 0.1e18;
    uint256 public fethSwapFeeRate;
    uint256 public totalLifetimeStakingRewards;
    uint256 public totalLifetimeMiningRewards;
    uint256 public currentRewards;

    // --- fees a wallet did not take when paid ---
    uint256 public feesOwedETH;
    mapping(address => uint256) public feesOwed;

    /// @param feth_ the FETH token, whose immutable `pool` is this contract
    /// @param depositContract_ the beacon deposit contract
    /// @param settings_ LendingSettings (KYC manager, fee and charity wallets)
    /// @param rewardsPool_ the rewards pool whose depositors receive the rewards
    constructor(
        address serverAdmin_,
        address humanAdmin_,
        address feth_,
        address depositContract_,
        address settings_,
        address rewardsPool_
    ) AdminControlled(serverAdmin_, humanAdmin_) FETHSwapQueue(feth_) {
        if (
            feth_ == address(0) || depositContract_ == address(0) || settings_ == address(0)
                || rewardsPool_ == address(0)
        ) revert ZeroAddress();
        depositContract = depositContract_;
        settings = settings_;
        rewardsPool = rewardsPool_;
    }

    // --- users ---

    function depositMultipleValidators(uint256 count) external payable nonReentrant {
        _requireKyc(msg.sender, IKycManager.canDepositFETH.selector, "canDepositFETH");
        if (count == 0) revert ZeroCount();
        if (count > MAX_VALIDATORS_PER_DEPOSIT) revert TooManyValidators(count, MAX_VALIDATORS_PER_DEPOSIT);
        uint256 available = availableValidators;
        if (count > available) revert NotEnoughAvailableValidators(count, available);
        uint256 total = count * VALIDATOR_AMOUNT;
        if (msg.value != total) revert WrongValue(total, msg.value);

        availableValidators = available - count;
        totalStakedETH += total;
        bytes memory credentials = withdrawalCredentials();
        IDepositContract target = IDepositContract(depositContract);
        uint256 id = _depositCursor;
        // a call to an address without code would revert without data, outside the try below
        if (address(target).code.length == 0) revert DepositFailed(id, bytes("deposit contract has no code"));
        uint256 firstId;
        for (uint256 i = 0; i < count; ++i) {
            Validator storage v = _validators[id];
            while (v.status != ValidatorStatus.Added) v = _validators[++id];
            if (i == 0) firstId = id;
            v.status = ValidatorStatus.Staked;
            try target.deposit{value: VALIDATOR_AMOUNT}(v.pubkey, credentials, v.signature, v.depositDataRoot)
            // solhint-disable-next-line no-empty-blocks
            {} catch (bytes memory reason) {
                revert DepositFailed(id, reason);
            }
            ++id;
        }
        _depositCursor = _skipToAdded(id);
        emit ValidatorsDeposited(msg.sender, count, firstId, total);
        IFETHToken(feth).mint(msg.sender, total);
    }

    function depositFETH(uint256 amount) external nonReentrant {
        _requireKyc(msg.sender, IKycManager.canDepositFETH.selector, "canDepositFETH");
        _enqueue(msg.sender, amount);
        _fill(MAX_FILLS_PER_CALL);
    }

    /// @dev ETHClaimed's amount is what the caller receives, fee the part sent to fethSwapFee.
    function claimETH() external nonReentrant {
        _requireKyc(msg.sender, IKycManager.canWithdraw.selector, "canWithdraw");
        uint256 amount = ethSwapClaim[msg.sender];
        if (amount == 0) revert NothingToClaim(msg.sender);
        ethSwapClaim[msg.sender] = 0;
        claimableETH -= amount;
        uint256 fee = (amount * fethSwapFeeRate) / ONE;
        emit ETHClaimed(msg.sender, amount - fee, fee);
        if (fee > 0) _payFee(LendingSettings(settings).fethSwapFee(), fee);
        _sendETH(msg.sender, amount - fee);
    }

    function cancelFETHDeposit() external nonReentrant {
        _cancel(msg.sender);
    }

    function processQueue(uint256 maxEntries) external nonReentrant {
        if (maxEntries == 0) revert ZeroCount();
        _fill(maxEntries);
    }

    // --- server admin ---

    function addValidators(ValidatorDeposit[] calldata validators) external onlyServerAdmin {
        uint256 n = validators.length;
        if (n == 0) revert ZeroCount();
        bytes32 credentials = bytes32(withdrawalCredentials());
        uint256 id = validatorCount;
        for (uint256 i = 0; i < n; ++i) {
            ValidatorDeposit calldata d = validators[i];
            if (d.pubkey.length != 48) revert InvalidValidator(i, "pubkey must be 48 bytes");
            if (d.signature.length != 96) revert InvalidValidator(i, "signature must be 96 bytes");
            if (d.withdrawal_credentials.length != 32 || bytes32(d.withdrawal_credentials) != credentials) {
                revert InvalidValidator(i, "withdrawal credentials must be 0x01, 11 zero bytes, this pool");
            }
            if (_depositDataRoot(d.pubkey, credentials, d.signature) != d.deposit_data_root) {
                revert InvalidValidator(i, "deposit_data_root does not match a 32 ETH deposit of this data");
            }
            bytes32 key = keccak256(d.pubkey);
            if (_idOfPubkey[key] != 0) revert DuplicateValidator(d.pubkey);
            ++id;
            _idOfPubkey[key] = id;
            _validators[id] = Validator(d.pubkey, d.signature, d.deposit_data_root, ValidatorStatus.Added);
            emit ValidatorAdded(id, d.pubkey);
        }
        validatorCount = id;
        availableValidators += n;
    }

    function removeValidator(uint256 id) external onlyServerAdmin {
        Validator storage v = _validatorOf(id);
        if (v.status != ValidatorStatus.Added) revert WrongValidatorStatus(id, v.status);
        v.status = ValidatorStatus.Removed;
        availableValidators -= 1;
        if (id == _depositCursor) _depositCursor = _skipToAdded(id + 1);
        emit ValidatorRemoved(id);
    }

    function markExiting(uint256[] calldata ids) external onlyServerAdmin {
        uint256 n = ids.length;
        if (n == 0) revert ZeroCount();
        for (uint256 i = 0; i < n; ++i) {
            Validator storage v = _validatorOf(ids[i]);
            if (v.status != ValidatorStatus.Staked) revert WrongValidatorStatus(ids[i], v.status);
            v.status = ValidatorStatus.Exiting;
            emit ValidatorExiting(ids[i]);
        }
        totalStakedETH -= n * VALIDATOR_AMOUNT;
        deactivatedETHInProgress += n * VALIDATOR_AMOUNT;
    }

    function settleExits(uint256[] calldata ids) external onlyServerAdmin nonReentrant {
        uint256 n = ids.length;
        if (n == 0) revert ZeroCount();
        for (uint256 i = 0; i < n; ++i) {
            Validator storage v = _validatorOf(ids[i]);
            if (v.status != ValidatorStatus.Exiting) revert WrongValidatorStatus(ids[i], v.status);
            v.status = ValidatorStatus.Exited;
            emit ValidatorExited(ids[i]);
        }
        uint256 needed = n * VALIDATOR_AMOUNT;
        uint256 arrived = unaccountedETH();
        if (arrived < needed) revert ExitBalanceNotArrived(needed, arrived);
        deactivatedETHInProgress -= needed;
        freeETH += needed;
        _fill(MAX_FILLS_PER_CALL);
    }

    function reportRewards(uint256 stakingRewards, uint256 miningRewards) external onlyServerAdmin nonReentrant {
        uint256 period = block.timestamp / reportPeriod;
        if (lastReportTime != 0 && period <= lastReportPeriod) revert AlreadyReportedThisPeriod(period);
        uint256 available = rewardsAvailable();
        // checked one by one, so that amounts whose sum overflows get the readable error too
        if (stakingRewards > available) revert RewardsNotArrived(stakingRewards, available);
        if (miningRewards > available - stakingRewards) {
            uint256 room = type(uint256).max - stakingRewards;
            revert RewardsNotArrived(miningRewards > room ? type(uint256).max : stakingRewards + miningRewards, available);
        }
        uint256 reported = stakingRewards + miningRewards;

        uint256 stakingCut = (stakingRewards * stakingFeeRate) / ONE;
        uint256 miningCut = (miningRewards * miningFeeRate) / ONE;
        uint256 rest = reported - stakingCut - miningCut;
        LendingSettings s = LendingSettings(settings);
        uint256 charity = (rest * s.charityShareFETH()) / ONE;
        uint256 toDepositors = rest - charity + pendingRewardsETH;

        lastReportPeriod = period;
        lastReportTime = block.timestamp;
        totalLifetimeStakingRewards += stakingRewards;
        totalLifetimeMiningRewards += miningRewards;
        currentRewards = reported;
        pendingRewardsETH = 0;

        uint256 distributed;
        if (toDepositors > 0) {
            // An empty rewards pool refuses (NoDepositsToReward): keep the ETH for the next report.
            try RewardsPool(payable(rewardsPool)).distributeETHRewards{value: toDepositors}() {
                distributed = toDepositors;
            } catch {
                pendingRewardsETH = toDepositors;
            }
        }
        emit RewardsReported(period, stakingRewards, miningRewards, stakingCut, miningCut, charity, distributed);
        if (stakingCut > 0) _payFee(s.stakingFee(), stakingCut);
        if (miningCut > 0) _payFee(s.miningFee(), miningCut);
        if (charity > 0) _payFee(s.charityWalletFETH(), charity);
    }

    /// @notice Sends the caller (a fee or charity wallet) the fees it refused when they were paid.
    function withdrawFees() external nonReentrant {
        uint256 amount = feesOwed[msg.sender];
        if (amount == 0) revert NothingToClaim(msg.sender);
        feesOwed[msg.sender] = 0;
        feesOwedETH -= amount;
        emit FeesWithdrawn(msg.sender, amount);
        _sendETH(msg.sender, amount);
    }

    // --- human admin ---

    function setDepositContract(address depositContract_) external onlyHumanAdmin {
        if (depositContract_ == address(0)) revert ZeroAddress();
        depositContract = depositContract_;
        emit DepositContractChanged(depositContract_);
    }

    function setReportPeriod(uint256 seconds_) external onlyHumanAdmin {
        if (seconds_ == 0) revert ZeroAmount();
        reportPeriod = seconds_;
        // the latest report's period in the new unit, so that no period is reported twice
        lastReportPeriod = lastReportTime / seconds_;
        emit ReportPeriodChanged(seconds_);
    }

    function setFeeRates(uint256 stakingFeeRate_, uint256 miningFeeRate_, uint256 fethSwapFeeRate_)
        external
        onlyHumanAdmin
    {
        if (stakingFeeRate_ > MAX_STAKING_FEE_RATE) revert RateTooHigh(stakingFeeRate_, MAX_STAKING_FEE_RATE);
        if (miningFeeRate_ > MAX_MINING_FEE_RATE) revert RateTooHigh(miningFeeRate_, MAX_MINING_FEE_RATE);
        if (fethSwapFeeRate_ > MAX_FETH_SWAP_FEE_RATE) {
            revert RateTooHigh(fethSwapFeeRate_, MAX_FETH_SWAP_FEE_RATE);
        }
        stakingFeeRate = stakingFeeRate_;
        miningFeeRate = miningFeeRate_;
        fethSwapFeeRate = fethSwapFeeRate_;
        emit FeeRatesChanged(stakingFeeRate_, miningFeeRate_, fethSwapFeeRate_);
    }

    // --- reads ---

    /// @notice 0x01 ++ 11 zero bytes ++ this pool: where exited validators' balances and rewards go.
    function withdrawalCredentials() public view returns (bytes memory) {
        return abi.encodePacked(bytes1(0x01), bytes11(0), address(this));
    }

    /// @notice Id of the validator the next deposit starts with (0: none available).
    function nextValidatorToDeposit() external view returns (uint256) {
        return availableValidators == 0 ? 0 : _depositCursor;
    }

    function validatorStatus(uint256 id) external view returns (ValidatorStatus) {
        return _validators[id].status;
    }

    function validatorPubkey(uint256 id) external view returns (bytes memory) {
        return _validators[id].pubkey;
    }

    function validatorIdOf(bytes calldata pubkey) external view returns (uint256) {
        return _idOfPubkey[keccak256(pubkey)];
    }

    function validatorsWithStatus(ValidatorStatus status, uint256 startId, uint256 max)
        external
        view
        returns (uint256[] memory ids)
    {
        uint256 count = validatorCount;
        if (max > count) max = count;
        ids = new uint256[](max);
        uint256 found;
        for (uint256 id = startId == 0 ? 1 : startId; id <= count && found < max; ++id) {
            if (_validators[id].status == status) ids[found++] = id;
        }
        // solhint-disable-next-line no-inline-assembly
        assembly {
            mstore(ids, found) // shorten the array to what was found
        }
    }

    function unaccountedETH() public view returns (uint256) {
        return address(this).balance - freeETH - claimableETH - pendingRewardsETH - feesOwedETH;
    }

    function rewardsAvailable() public view returns (uint256) {
        uint256 unaccounted = unaccountedETH();
        uint256 inTransit = deactivatedETHInProgress;
        return unaccounted > inTransit ? unaccounted - inTransit : 0;
    }

    // --- internals ---

    function _validatorOf(uint256 id) internal view returns (Validator storage v) {
        if (id == 0 || id > validatorCount) revert UnknownValidator(id);
        v = _validators[id];
    }

    /// @dev First Added validator at or after `id`, or validatorCount + 1.
    function _skipToAdded(uint256 id) internal view returns (uint256) {
        uint256 count = validatorCount;
        while (id <= count && _validators[id].status != ValidatorStatus.Added) ++id;
        return id;
    }

    /// @dev hash_tree_root(DepositData) of a 32 ETH deposit, as the beacon deposit contract checks it.
    function _depositDataRoot(bytes calldata pubkey, bytes32 credentials, bytes calldata signature)
        internal
        pure
        returns (bytes32)
    {
        bytes32 pubkeyRoot = sha256(abi.encodePacked(pubkey, bytes16(0)));
        bytes32 signatureRoot = sha256(
            abi.encodePacked(
                sha256(abi.encodePacked(signature[:64])), sha256(abi.encodePacked(signature[64:], bytes32(0)))
            )
        );
        // 32 ETH in gwei, 8 bytes little-endian
        bytes8 amount = 0x0040597307000000;
        return sha256(
            abi.encodePacked(
                sha256(abi.encodePacked(pubkeyRoot, credentials)),
                sha256(abi.encodePacked(amount, bytes24(0), signatureRoot))
            )
        );
    }

    function _requireKyc(address account, bytes4 selector, string memory check) internal view {
        if (!LendingMath.kycAllows(address(LendingSettings(settings).kycManager()), selector, account)) {
            revert KycDenied(account, check);
        }
    }

    /// @dev Pays a fee wallet with FEE_GAS; what it refuses is owed to it (withdrawFees).
    function _payFee(address to, uint256 amount) internal {
        bool ok;
        // solhint-disable-next-line no-inline-assembly
        assembly {
            ok := call(FEE_GAS, to, amount, 0, 0, 0, 0) // no return data copied: a wallet cannot bloat it
        }
        if (!ok) {
            feesOwed[to] += amount;
            feesOwedETH += amount;
            emit FeePaymentDeferred(to, amount);
        }
    }

    function _sendETH(address to, uint256 amount) internal {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert ETHTransferFailed(to, amount);
    }

    /// @notice Accepts ETH from anyone (execution-layer rewards, MEV payments); it stays unaccounted
    /// until a reward report. Consensus-layer withdrawals credit the pool without calling it.
    // solhint-disable-next-line no-empty-blocks
    receive() external payable {}
}
