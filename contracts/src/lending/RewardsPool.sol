// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AdminControlled} from "../access/AdminControlled.sol";
import {LendingMath} from "./LendingMath.sol";
import {LendingSettings} from "./LendingSettings.sol";
import {IKycManager} from "../interfaces/IKycManager.sol";
import {IActivePool, IPAYDToken, IPriceFeed, ISortedCaches, ICacheManager, IRewardsPool} from "./LendingInterfaces.sol";

/// @notice The rewards pool (stability pool): PAYD deposits absorb liquidated debt and earn the
/// liquidated collateral and the ETH rewards sent by the rewards source (the validator pool, later).
///
/// Product-sum method: a deposit made when the running product is P0 and the running sum is S0 is worth
/// deposit x P / P0 now, and has earned deposit x (S - S0) / P0 of ETH. P shrinks by (1 - loss per unit)
/// with each liquidation; S grows by gain per unit x P. When P would fall below 1e9 it is multiplied by
/// 1e9 and the scale goes up; when a liquidation empties the pool the epoch goes up and P restarts at 1.
/// Every operation is O(1) in the number of depositors.
contract RewardsPool is AdminControlled, IRewardsPool {
    uint256 public constant DECIMAL_PRECISION = 1e18;
    uint256 public constant SCALE_FACTOR = 1e9;

    struct Deposit {
        uint256 initialValue;
        address frontEndTag;
    }

    struct Snapshots {
        uint256 S;
        uint256 P;
        uint128 scale;
        uint128 epoch;
    }

    address public immutable borrowerOperations;
    address public immutable cacheManager;
    /// @dev One slot with the ETH balance: receive() reads both, and the first liquidation gain writes
    /// a slot that is already non-zero.
    IActivePool public activePool;
    uint96 internal ETH;
    IPAYDToken public immutable paydToken;
    ISortedCaches public immutable sortedCaches;
    IPriceFeed public immutable priceFeed;
    LendingSettings public immutable settings;
    /// @notice The only address allowed to send ETH rewards (distributeETHRewards); zero until set.
    address public rewardsSource;

    /// @dev Each rounding remainder (less than the total deposits, so under 2^128) shares a slot with a
    /// value written by the same offset: totalPAYDDeposits | lastETHError_Offset, P | lastPAYDLossError_Offset.
    uint128 internal totalPAYDDeposits;
    uint128 internal _lastETHError_Offset;

    mapping(address => Deposit) public deposits;
    mapping(address => Snapshots) public depositSnapshots;

    /// @dev P never exceeds DECIMAL_PRECISION.
    uint128 internal _P = uint128(DECIMAL_PRECISION);
    uint128 internal _lastPAYDLossError_Offset;
    uint128 public currentScale;
    uint128 public currentEpoch;
    /// @notice S per (epoch, scale).
    mapping(uint128 => mapping(uint128 => uint256)) public epochToScaleToSum;

    /// @notice ETH rewards (not liquidation gains) ever distributed to depositors.
    uint256 public totalRewardsDistributed;

    event RewardsPoolETHBalanceUpdated(uint256 newBalance);
    event RewardsPoolPAYDBalanceUpdated(uint256 newBalance);
    // The product P and sum S of the pool's accounting, named as in its README and the tests.
    // solhint-disable-next-line event-name-capwords
    event P_Updated(uint256 P);
    // solhint-disable-next-line event-name-capwords
    event S_Updated(uint256 S, uint128 epoch, uint128 scale);
    event EpochUpdated(uint128 currentEpoch);
    event ScaleUpdated(uint128 currentScale);
    event DepositSnapshotUpdated(address indexed depositor, uint256 P, uint256 S);
    event UserDepositChanged(address indexed depositor, uint256 newDeposit);
    event FrontEndTagSet(address indexed depositor, address indexed frontEnd);
    event ETHGainWithdrawn(address indexed depositor, uint256 ETH, uint256 PAYDLoss);
    event EtherSent(address to, uint256 amount);
    event ETHRewardsDistributed(uint256 amount);
    event RewardsSourceChanged(address rewardsSource);

    error CallerNotAllowed(address caller);
    error KycDenied(address account, string check);
    error AmountMustBeNonZero();
    error NoDeposit(address depositor);
    error UndercollateralizedCaches();
    error NoDepositsToReward();
    error ETHTransferFailed(address to, uint256 amount);
    error AmountTooLarge(uint256 amount);

    /// @dev Every address is fixed at deployment (the deploy script computes them from its nonce).
    constructor(
        address serverAdmin_,
        address humanAdmin_,
        address borrowerOperations_,
        address cacheManager_,
        address activePool_,
        address paydToken_,
        address sortedCaches_,
        address priceFeed_,
        address settings_
    ) AdminControlled(serverAdmin_, humanAdmin_) {
        borrowerOperations = borrowerOperations_;
        cacheManager = cacheManager_;
        activePool = IActivePool(activePool_);
        paydToken = IPAYDToken(paydToken_);
        sortedCaches = ISortedCaches(sortedCaches_);
        priceFeed = IPriceFeed(priceFeed_);
        settings = LendingSettings(settings_);
    }

    function setRewardsSource(address source) external onlyAdmin {
        rewardsSource = source;
        emit RewardsSourceChanged(source);
    }

    /// @notice Running product of (1 - loss per unit) since the epoch and scale began (18 decimals).
    function P() external view returns (uint256) {
        return _P;
    }

    /// @notice Rounding remainder of the last ETH gain per unit, carried into the next.
    function lastETHError_Offset() external view returns (uint256) {
        return _lastETHError_Offset;
    }

    /// @notice What the last offset's rounded-up loss per unit took beyond the debt offset (not carried).
    function lastPAYDLossError_Offset() external view returns (uint256) {
        return _lastPAYDLossError_Offset;
    }

    function _u128(uint256 x) internal pure returns (uint128) {
        if (x > type(uint128).max) revert AmountTooLarge(x);
        return uint128(x);
    }

    function _u96(uint256 x) internal pure returns (uint96) {
        if (x > type(uint96).max) revert AmountTooLarge(x);
        return uint96(x);
    }

    function getETH() external view returns (uint256) {
        return ETH;
    }

    function getTotalPAYDDeposits() external view returns (uint256) {
        return totalPAYDDeposits;
    }

    // --- Depositor operations ---

    /// @notice Deposits amount PAYD; pays out the ETH gain so far. The front-end tag is kept from the
    /// first deposit (zero address for none).
    function provideToSP(uint256 amount, address frontEndTag) external {
        _requireKyc(msg.sender, IKycManager.canProvideToSP.selector, "canProvideToSP");
        _provide(msg.sender, amount, frontEndTag);
    }

    /// @notice Withdraws up to amount PAYD (the whole deposit if amount exceeds it) and the ETH gain.
    function withdrawFromSP(uint256 amount) external {
        _requireKyc(msg.sender, IKycManager.canWithdraw.selector, "canWithdraw");
        _withdraw(msg.sender, amount);
    }

    /// @notice Withdraws only the ETH gain; the deposit stays (at its compounded value).
    function withdrawETHGain() external {
        _requireKyc(msg.sender, IKycManager.canWithdraw.selector, "canWithdraw");
        _withdraw(msg.sender, 0);
    }

    function provideToSPFor(address depositor, uint256 amount) external {
        if (msg.sender != borrowerOperations) revert CallerNotAllowed(msg.sender);
        _provide(depositor, amount, address(0));
    }

    function withdrawFromSPFor(address depositor, uint256 amount) external {
        if (msg.sender != borrowerOperations) revert CallerNotAllowed(msg.sender);
        _withdraw(depositor, amount);
    }

    function _provide(address depositor, uint256 amount, address frontEndTag) internal {
        if (amount == 0) revert AmountMustBeNonZero();
        uint256 initial = deposits[depositor].initialValue;
        if (initial == 0) {
            deposits[depositor].frontEndTag = frontEndTag;
            emit FrontEndTagSet(depositor, frontEndTag);
        }
        uint256 ETHGain = getDepositorETHGain(depositor);
        uint256 compounded = getCompoundedPAYDDeposit(depositor);
        paydToken.sendToPool(depositor, address(this), amount);
        totalPAYDDeposits = _u128(totalPAYDDeposits + amount);
        emit RewardsPoolPAYDBalanceUpdated(totalPAYDDeposits);
        _updateDepositAndSnapshots(depositor, compounded + amount);
        emit ETHGainWithdrawn(depositor, ETHGain, initial - compounded);
        _sendETHGain(depositor, ETHGain);
    }

    function _withdraw(address depositor, uint256 amount) internal {
        uint256 initial = deposits[depositor].initialValue;
        if (initial == 0) revert NoDeposit(depositor);
        if (amount > 0) _requireNoUndercollateralizedCaches();
        uint256 ETHGain = getDepositorETHGain(depositor);
        uint256 compounded = getCompoundedPAYDDeposit(depositor);
        uint256 toWithdraw = LendingMath.min(amount, compounded);
        if (toWithdraw > 0) {
            totalPAYDDeposits = uint128(totalPAYDDeposits - toWithdraw);
            emit RewardsPoolPAYDBalanceUpdated(totalPAYDDeposits);
            paydToken.returnFromPool(address(this), depositor, toWithdraw);
        }
        _updateDepositAndSnapshots(depositor, compounded - toWithdraw);
        emit ETHGainWithdrawn(depositor, ETHGain, initial - compounded);
        _sendETHGain(depositor, ETHGain);
    }

    /// @dev Withdrawing while a cache is under MCR would let depositors dodge a pending liquidation.
    function _requireNoUndercollateralizedCaches() internal {
        address lowest = sortedCaches.getLast();
        if (lowest == address(0)) return;
        uint256 price = priceFeed.fetchPrice();
        if (ICacheManager(cacheManager).getCurrentICR(lowest, price) < 1.15e18) revert UndercollateralizedCaches();
    }

    // --- Liquidation offset and rewards ---

    /// @notice Cancels debtToOffset of liquidated debt against the deposits (burning that much PAYD) and
    /// gives the depositors collToAdd ETH. Only the cache manager calls it.
    function offset(uint256 debtToOffset, uint256 collToAdd) external {
        if (msg.sender != cacheManager) revert CallerNotAllowed(msg.sender);
        uint256 total = totalPAYDDeposits;
        if (total == 0 || debtToOffset == 0) return;
        (uint256 ETHGainPerUnit, uint256 PAYDLossPerUnit) = _computeRewardsPerUnitStaked(collToAdd, debtToOffset, total);
        _updateRewardSumAndProduct(ETHGainPerUnit, PAYDLossPerUnit);

        totalPAYDDeposits = uint128(total - debtToOffset);
        emit RewardsPoolPAYDBalanceUpdated(totalPAYDDeposits);
        activePool.decreasePAYDDebtAndSendETH(debtToOffset, address(this), collToAdd);
        paydToken.burn(address(this), debtToOffset);
    }

    /// @notice ETH rewards (validator staking and mining, after fee cuts) shared by the current deposits.
    function distributeETHRewards() external payable {
        if (msg.sender != rewardsSource) revert CallerNotAllowed(msg.sender);
        uint256 total = totalPAYDDeposits;
        if (total == 0) revert NoDepositsToReward();
        uint256 numerator = msg.value * DECIMAL_PRECISION + _lastETHError_Offset;
        uint256 perUnit = numerator / total;
        _lastETHError_Offset = uint128(numerator - perUnit * total);
        _addToSum(perUnit * _P);
        ETH = _u96(ETH + msg.value);
        totalRewardsDistributed += msg.value;
        emit RewardsPoolETHBalanceUpdated(ETH);
        emit ETHRewardsDistributed(msg.value);
    }

    function _computeRewardsPerUnitStaked(uint256 collToAdd, uint256 debtToOffset, uint256 total)
        internal
        returns (uint256 ETHGainPerUnit, uint256 PAYDLossPerUnit)
    {
        uint256 ETHNumerator = collToAdd * DECIMAL_PRECISION + _lastETHError_Offset;
        if (debtToOffset == total) {
            PAYDLossPerUnit = DECIMAL_PRECISION;
            _lastPAYDLossError_Offset = 0;
        } else {
            uint256 lossNumerator = debtToOffset * DECIMAL_PRECISION;
            // Rounded up so that depositors never keep more than the pool holds. The excess is
            // recorded but not carried into the next offset: P is a product, and a later factor
            // rounded down to make up for an earlier one rounded up can leave P above the share the
            // pool holds (depositors were owed 2234 wei more than the pool held; fuzz seed 8).
            PAYDLossPerUnit = lossNumerator / total + 1;
            _lastPAYDLossError_Offset = uint128(PAYDLossPerUnit * total - lossNumerator);
        }
        ETHGainPerUnit = ETHNumerator / total;
        _lastETHError_Offset = uint128(ETHNumerator - ETHGainPerUnit * total);
    }

    function _addToSum(uint256 marginal) internal {
        uint256 newS = epochToScaleToSum[currentEpoch][currentScale] + marginal;
        epochToScaleToSum[currentEpoch][currentScale] = newS;
        emit S_Updated(newS, currentEpoch, currentScale);
    }

    function _updateRewardSumAndProduct(uint256 ETHGainPerUnit, uint256 PAYDLossPerUnit) internal {
        uint256 currentP = _P;
        uint256 newProductFactor = DECIMAL_PRECISION - PAYDLossPerUnit;
        _addToSum(ETHGainPerUnit * currentP);
        uint256 newP;
        if (newProductFactor == 0) {
            currentEpoch += 1;
            emit EpochUpdated(currentEpoch);
            currentScale = 0;
            emit ScaleUpdated(0);
            newP = DECIMAL_PRECISION;
        } else if ((currentP * newProductFactor) / DECIMAL_PRECISION < SCALE_FACTOR) {
            newP = (currentP * newProductFactor * SCALE_FACTOR) / DECIMAL_PRECISION;
            currentScale += 1;
            emit ScaleUpdated(currentScale);
        } else {
            newP = (currentP * newProductFactor) / DECIMAL_PRECISION;
        }
        assert(newP > 0);
        _P = uint128(newP);
        emit P_Updated(newP);
    }

    // --- Reads of a deposit ---

    function getDepositorETHGain(address depositor) public view returns (uint256) {
        uint256 initial = deposits[depositor].initialValue;
        if (initial == 0) return 0;
        Snapshots storage s = depositSnapshots[depositor];
        uint256 firstPortion = epochToScaleToSum[s.epoch][s.scale] - s.S;
        uint256 secondPortion = epochToScaleToSum[s.epoch][s.scale + 1] / SCALE_FACTOR;
        return (initial * (firstPortion + secondPortion)) / s.P / DECIMAL_PRECISION;
    }

    /// @notice The deposit after the liquidations since it was last changed; never above initialValue.
    function getCompoundedPAYDDeposit(address depositor) public view returns (uint256) {
        uint256 initial = deposits[depositor].initialValue;
        if (initial == 0) return 0;
        Snapshots storage s = depositSnapshots[depositor];
        if (s.epoch < currentEpoch) return 0;
        uint256 scaleDiff = currentScale - s.scale;
        uint256 compounded;
        if (scaleDiff == 0) compounded = (initial * _P) / s.P;
        else if (scaleDiff == 1) compounded = (initial * _P) / s.P / SCALE_FACTOR;
        else return 0;
        // Below a billionth of the initial value the rounding error dominates: treat as emptied.
        if (compounded < initial / 1e9) return 0;
        return compounded;
    }

    // --- Internals ---

    function _updateDepositAndSnapshots(address depositor, uint256 newValue) internal {
        deposits[depositor].initialValue = newValue;
        emit UserDepositChanged(depositor, newValue);
        if (newValue == 0) {
            delete deposits[depositor];
            delete depositSnapshots[depositor];
            emit DepositSnapshotUpdated(depositor, 0, 0);
            return;
        }
        uint256 S = epochToScaleToSum[currentEpoch][currentScale];
        depositSnapshots[depositor] = Snapshots(S, _P, currentScale, currentEpoch);
        emit DepositSnapshotUpdated(depositor, _P, S);
    }

    function _sendETHGain(address depositor, uint256 amount) internal {
        if (amount == 0) return;
        ETH = uint96(ETH - amount);
        emit RewardsPoolETHBalanceUpdated(ETH);
        emit EtherSent(depositor, amount);
        (bool ok,) = depositor.call{value: amount}("");
        if (!ok) revert ETHTransferFailed(depositor, amount);
    }

    function _requireKyc(address account, bytes4 selector, string memory check) internal view {
        if (!LendingMath.kycAllows(address(settings.kycManager()), selector, account)) {
            revert KycDenied(account, check);
        }
    }

    // Only the trusted pool may send ETH, and the balance is kept in storage, so receive() is
    // more than a bare accept.
    // solhint-disable-next-line no-complex-fallback
    receive() external payable {
        if (msg.sender != address(activePool)) revert CallerNotAllowed(msg.sender);
        ETH = _u96(ETH + msg.value);
        emit RewardsPoolETHBalanceUpdated(ETH);
    }
}
