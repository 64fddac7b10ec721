// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AdminControlled} from "../access/AdminControlled.sol";
import {LendingBase} from "./LendingBase.sol";
import {LendingMath} from "./LendingMath.sol";
import {IKycManager} from "../interfaces/IKycManager.sol";
import {
    ICollSurplusPool,
    ISortedCaches,
    IPAYDToken,
    IRewardsPool
} from "./LendingInterfaces.sol";

/// @notice The record of every cache (debt, coll, stake, status), redistribution of liquidated debt
/// (L_ETH, L_PAYDDebt), the base rate behind borrowing and redemption fees, liquidations and
/// redemptions.
contract CacheManager is LendingBase, AdminControlled {
    /// @notice Base rate decay per whole minute: 0.5^(1/720), a 12-hour half-life.
    uint256 public constant MINUTE_DECAY_FACTOR = 999037758833783388;
    /// @notice Redemption fee formula divisor: baseRate += redeemed fraction / BETA.
    uint256 public constant BETA = 2;
    uint256 public constant MAX_REDEMPTION_ITERATIONS = 70;
    uint256 internal constant SECONDS_IN_ONE_MINUTE = 60;

    enum Status {
        nonExistent,
        active,
        closedByOwner,
        closedByLiquidation,
        closedByRedemption
    }

    /// @notice Operation tags of CacheUpdated and CacheLiquidated.
    enum CacheManagerOperation {
        applyPendingRewards,
        liquidateInNormalMode,
        liquidateInRecoveryMode,
        redeemCollateral
    }

    /// @dev Two storage slots: debt and coll (uint128 each: 3.4e20 PAYD or ETH, far beyond any
    /// supply), then stake (uint128, at most the collateral it was computed from), status and the
    /// index (id) in the owners array (uint120). Writes go through _u128, which reverts on overflow.
    struct Cache {
        uint128 debt;
        uint128 coll;
        uint128 stake;
        Status status;
        uint120 arrayIndex;
    }

    struct RewardSnapshot {
        uint256 ETH;
        uint256 PAYDDebt;
    }

    address public immutable borrowerOperations;
    IRewardsPool public immutable rewardsPool;
    ICollSurplusPool public immutable collSurplusPool;
    IPAYDToken public immutable paydToken;
    ISortedCaches public immutable sortedCaches;
    address public immutable gasPool;

    /// @notice Redemptions open at deploymentTime + bootstrapPeriod.
    uint256 public immutable deploymentTime;
    uint256 public immutable bootstrapPeriod;

    uint256 public baseRate;
    /// @notice Advanced by whole minutes only, so that decay counts whole elapsed minutes.
    uint256 public lastFeeOperationTime;

    mapping(address => Cache) internal _caches;

    /// @dev Packed in pairs written by the same operations (stakes are uint128 like the collateral they
    /// come from; the ETH totals are far below 2^128 wei): totalStakes | totalLifetimeLiquidations,
    /// totalStakesSnapshot | totalCollateralSnapshot, and the two redistribution remainders (each less
    /// than totalStakes). The first liquidation then writes two new slots fewer.
    uint128 internal _totalStakes;
    uint128 internal _totalLifetimeLiquidations;
    uint128 internal _totalStakesSnapshot;
    uint128 internal _totalCollateralSnapshot;

    /// @notice Redistributed ETH and PAYD debt per unit of stake, accumulated since deployment.
    uint256 public L_ETH;
    uint256 public L_PAYDDebt;
    mapping(address => RewardSnapshot) public rewardSnapshots;

    uint128 internal _lastETHError_Redistribution;
    uint128 internal _lastPAYDDebtError_Redistribution;

    /// @dev The default pool's ETH and PAYD debt (it holds the ETH; every change is made here): one
    /// slot, which every ratio check reads without a call.
    uint128 internal _defaultPoolETH;
    uint128 internal _defaultPoolDebt;

    event CacheUpdated(
        address indexed borrower, uint256 debt, uint256 coll, uint256 stake, CacheManagerOperation operation
    );
    event CacheLiquidated(address indexed borrower, uint256 debt, uint256 coll, CacheManagerOperation operation);
    event Liquidation(
        uint256 liquidatedDebt, uint256 liquidatedColl, uint256 collGasCompensation, uint256 PAYDGasCompensation
    );
    event Redemption(uint256 attemptedPAYDAmount, uint256 actualPAYDAmount, uint256 ETHSent, uint256 ETHFee);
    event BaseRateUpdated(uint256 baseRate);
    event LastFeeOpTimeUpdated(uint256 lastFeeOpTime);
    event TotalStakesUpdated(uint256 newTotalStakes);
    event SystemSnapshotsUpdated(uint256 totalStakesSnapshot, uint256 totalCollateralSnapshot);
    event LTermsUpdated(uint256 L_ETH, uint256 L_PAYDDebt);
    event CacheSnapshotsUpdated(uint256 L_ETH, uint256 L_PAYDDebt);
    event CacheIndexUpdated(address borrower, uint256 newIndex);
    event DefaultPoolETHBalanceUpdated(uint256 ETH);
    event DefaultPoolPAYDDebtUpdated(uint256 PAYDDebt);

    error CallerNotBorrowerOperations(address caller);
    error CallerNotCollSurplusPool(address caller);
    error CacheNotActive(address borrower);
    /// @dev The same error as BorrowerOperations': openCacheRecord checks it for openCache.
    error CacheIsActive(address borrower);
    error NothingToLiquidate();
    error OnlyOneCacheInSystem();
    error AmountMustBeNonZero();
    error InsufficientPAYDBalance(uint256 balance, uint256 amount);
    error TCRBelowMCR(uint256 tcr);
    error RedemptionsNotOpenYet(uint256 opensAt);
    /// @dev Spec 000 section 5: nothing redeemable for this amount.
    error NothingToRedeem(string reason);
    error RedemptionFeeTooHigh(uint256 fee, uint256 ETHDrawn);
    error ETHReceivedBelowMinimum(uint256 ETHReceived, uint256 minEthAmt);
    error ETHTransferFailed(address to, uint256 amount);
    error AmountTooLarge(uint256 amount);

    constructor(address serverAdmin_, address humanAdmin_, uint256 bootstrapPeriod_, Addresses memory a)
        AdminControlled(serverAdmin_, humanAdmin_)
        LendingBase(a)
    {
        deploymentTime = block.timestamp;
        bootstrapPeriod = bootstrapPeriod_;
        lastFeeOperationTime = block.timestamp;
        borrowerOperations = a.borrowerOperations;
        rewardsPool = IRewardsPool(a.rewardsPool);
        gasPool = a.gasPool;
        collSurplusPool = ICollSurplusPool(a.collSurplusPool);
        paydToken = IPAYDToken(a.paydToken);
        sortedCaches = ISortedCaches(a.sortedCaches);
    }

    function _u128(uint256 x) internal pure returns (uint128) {
        if (x > type(uint128).max) revert AmountTooLarge(x);
        return uint128(x);
    }

    modifier onlyBorrowerOperations() {
        if (msg.sender != borrowerOperations) revert CallerNotBorrowerOperations(msg.sender);
        _;
    }

    // --- Reads ---

    /// @notice The default pool's ETH and PAYD debt (DefaultPool's getters answer with them).
    function getDefaultPoolETHAndPAYDDebt() external view returns (uint256, uint256) {
        return (_defaultPoolETH, _defaultPoolDebt);
    }

    function _getDefaultPoolTotals() internal view override returns (uint256, uint256) {
        return (_defaultPoolETH, _defaultPoolDebt);
    }

    function totalStakes() external view returns (uint256) {
        return _totalStakes;
    }

    function totalStakesSnapshot() external view returns (uint256) {
        return _totalStakesSnapshot;
    }

    function totalCollateralSnapshot() external view returns (uint256) {
        return _totalCollateralSnapshot;
    }

    /// @notice Rounding remainders of the last redistribution, carried into the next.
    function lastETHError_Redistribution() external view returns (uint256) {
        return _lastETHError_Redistribution;
    }

    function lastPAYDDebtError_Redistribution() external view returns (uint256) {
        return _lastPAYDDebtError_Redistribution;
    }

    /// @notice Collateral (ETH) of all caches ever liquidated.
    function totalLifetimeLiquidations() external view returns (uint256) {
        return _totalLifetimeLiquidations;
    }

    /// @notice The cache record as last written (pending redistribution not applied). A closed cache
    /// has no collateral: what a redemption left of it is its owner's to claim
    /// (getRedemptionSurplus, counted in CollSurplusPool.getCollateral).
    function Caches(address borrower)
        external
        view
        returns (uint256 debt, uint256 coll, uint256 stake, Status status, uint128 arrayIndex)
    {
        Cache storage c = _caches[borrower];
        return (c.debt, _activeColl(c), c.stake, c.status, c.arrayIndex);
    }

    /// @dev A record's collateral; none for a closed cache (whose coll slot holds a redemption's
    /// unclaimed surplus, if any).
    function _activeColl(Cache storage c) internal view returns (uint256) {
        return c.status == Status.active ? c.coll : 0;
    }

    /// @notice The collateral a redemption left when it closed the borrower's cache, not yet claimed.
    function getRedemptionSurplus(address borrower) public view returns (uint256) {
        Cache storage c = _caches[borrower];
        return c.status == Status.closedByRedemption ? c.coll : 0;
    }

    /// @notice Clears and returns getRedemptionSurplus(borrower): the collateral-surplus pool calls it
    /// when the owner claims, and sends the ETH it holds.
    function takeRedemptionSurplus(address borrower) external returns (uint256 surplus) {
        if (msg.sender != address(collSurplusPool)) revert CallerNotCollSurplusPool(msg.sender);
        surplus = getRedemptionSurplus(borrower);
        if (surplus != 0) _caches[borrower].coll = 0;
    }

    /// @notice The number of open caches (the sorted list's size).
    function getCacheOwnersCount() external view returns (uint256) {
        return sortedCaches.getSize();
    }

    /// @notice The owners array's length: the ids handed out, free ones included (getApproxHint
    /// samples below it). The sorted list keeps the array: an entry is the owner and its list node.
    function getCacheIdCount() external view returns (uint256) {
        return sortedCaches.getIdCount();
    }

    /// @notice The owner of the open cache with this id; zero for a free id; reverts (Panic 0x32)
    /// beyond the array's length.
    function getCacheFromCacheOwnersArray(uint256 index) public view returns (address) {
        return sortedCaches.getOwner(index);
    }

    /// @notice The cache's id (its place in the owners array) as its record last had it.
    function getCacheArrayIndex(address borrower) external view returns (uint256) {
        return _caches[borrower].arrayIndex;
    }

    /// @notice getNominalICR and getCacheArrayIndex in one call (the sorted list checks a hint).
    function getNominalICRAndIndex(address borrower) external view returns (uint256, uint256) {
        return (getNominalICR(borrower), _caches[borrower].arrayIndex);
    }

    /// @notice Both hints' ratios and ids in one call.
    function getNominalICRsAndIndexes(address a, address b)
        external
        view
        returns (uint256, uint256, uint256, uint256)
    {
        return (getNominalICR(a), getNominalICR(b), _caches[a].arrayIndex, _caches[b].arrayIndex);
    }

    function CacheOwners(uint256 index) external view returns (address) {
        return getCacheFromCacheOwnersArray(index);
    }

    function getCacheStatus(address borrower) external view returns (uint256) {
        return uint256(_caches[borrower].status);
    }

    function getCacheStake(address borrower) external view returns (uint256) {
        return _caches[borrower].stake;
    }

    function getCacheDebt(address borrower) external view returns (uint256) {
        return _caches[borrower].debt;
    }

    function getCacheColl(address borrower) external view returns (uint256) {
        return _activeColl(_caches[borrower]);
    }

    /// @notice Nominal ratio (coll x 100 / debt, 18 decimals) including pending redistribution.
    function getNominalICR(address borrower) public view returns (uint256) {
        (uint256 debt, uint256 coll) = _getCurrentCacheAmounts(borrower);
        return LendingMath.computeNominalCR(coll, debt);
    }

    /// @notice Both nominal ratios in one call (the sorted list checks a pair of neighbours).
    function getNominalICRs(address a, address b) external view returns (uint256, uint256) {
        return (getNominalICR(a), getNominalICR(b));
    }

    function getCurrentICR(address borrower, uint256 price) public view returns (uint256) {
        (uint256 debt, uint256 coll) = _getCurrentCacheAmounts(borrower);
        return LendingMath.computeCR(coll, debt, price);
    }

    function _getCurrentCacheAmounts(address borrower) internal view returns (uint256 debt, uint256 coll) {
        Cache storage c = _caches[borrower];
        debt = c.debt + getPendingPAYDDebtReward(borrower);
        coll = c.coll + getPendingETHReward(borrower);
    }

    function getPendingETHReward(address borrower) public view returns (uint256) {
        Cache storage c = _caches[borrower];
        uint256 snapshot = rewardSnapshots[borrower].ETH;
        if (snapshot == L_ETH || c.status != Status.active) return 0;
        return (c.stake * (L_ETH - snapshot)) / DECIMAL_PRECISION;
    }

    function getPendingPAYDDebtReward(address borrower) public view returns (uint256) {
        Cache storage c = _caches[borrower];
        uint256 snapshot = rewardSnapshots[borrower].PAYDDebt;
        if (snapshot == L_PAYDDebt || c.status != Status.active) return 0;
        return (c.stake * (L_PAYDDebt - snapshot)) / DECIMAL_PRECISION;
    }

    function hasPendingRewards(address borrower) public view returns (bool) {
        return _caches[borrower].status == Status.active && rewardSnapshots[borrower].ETH < L_ETH;
    }

    function getEntireDebtAndColl(address borrower)
        public
        view
        returns (uint256 debt, uint256 coll, uint256 pendingPAYDDebtReward, uint256 pendingETHReward)
    {
        pendingPAYDDebtReward = getPendingPAYDDebtReward(borrower);
        pendingETHReward = getPendingETHReward(borrower);
        Cache storage c = _caches[borrower];
        debt = c.debt + pendingPAYDDebtReward;
        coll = _activeColl(c) + pendingETHReward;
    }

    function getTCR(uint256 price) external view returns (uint256) {
        return _getTCR(price);
    }

    function checkRecoveryMode(uint256 price) external view returns (bool) {
        return _checkRecoveryMode(price);
    }

    // --- Records written by borrower operations ---

    /// @notice The new cache's record and its place in the sorted list (between the hints).
    /// @return stake the cache's stake, index its place in the owners array
    function openCacheRecord(address borrower, uint256 coll, uint256 debt, address upperHint, address lowerHint)
        external
        onlyBorrowerOperations
        returns (uint256 stake, uint256 index)
    {
        {
            Cache storage c = _caches[borrower];
            Status status = c.status;
            if (status == Status.active) revert CacheIsActive(borrower);
            // an unclaimed redemption surplus moves to the collateral-surplus pool's own account before
            // the record is overwritten (its ETH is there already)
            if (status == Status.closedByRedemption) {
                uint256 surplus = c.coll;
                if (surplus != 0) collSurplusPool.accountSurplus(borrower, surplus);
            }
        }
        // a cache opens with zero snapshots (never opened, or zeroed when it closed): only non-zero
        // terms need writing
        (uint256 lEth, uint256 lDebt) = (L_ETH, L_PAYDDebt);
        if (lEth != 0) rewardSnapshots[borrower].ETH = lEth;
        if (lDebt != 0) rewardSnapshots[borrower].PAYDDebt = lDebt;
        emit CacheSnapshotsUpdated(lEth, lDebt);
        // a cache opens with no stake (a closed one's was removed): the whole record in two writes
        stake = _computeNewStake(coll);
        uint256 newTotal = _totalStakes + stake;
        _totalStakes = _u128(newTotal);
        emit TotalStakesUpdated(newTotal);
        // the list gives the id: the most recently freed one, else a new one (48 bits)
        index = sortedCaches.insert(borrower, LendingMath.computeNominalCR(coll, debt), upperHint, lowerHint);
        _caches[borrower] = Cache(_u128(debt), _u128(coll), _u128(stake), Status.active, uint120(index));
        emit CacheIndexUpdated(borrower, index);
    }

    /// @dev Pending rewards are already applied by the caller. Moves the cache in the sorted list to
    /// its new ratio (nothing is written there when it stays in place).
    function adjustCacheRecord(address borrower, uint256 coll, uint256 debt, address upperHint, address lowerHint)
        external
        onlyBorrowerOperations
        returns (uint256 stake)
    {
        Cache storage c = _caches[borrower];
        (c.debt, c.coll) = (_u128(debt), _u128(coll));
        stake = _updateStakeAndTotalStakes(borrower);
        sortedCaches.reInsert(borrower, c.arrayIndex, LendingMath.computeNominalCR(coll, debt), upperHint, lowerHint);
    }

    /// @notice applyPendingRewards, then the cache's debt and collateral, in one call; reverts
    /// CacheNotActive (the same error as BorrowerOperations') when the cache is not active.
    function applyPendingRewardsAndGet(address borrower)
        external
        onlyBorrowerOperations
        returns (uint256 debt, uint256 coll)
    {
        return _applyPendingRewardsAndGet(borrower);
    }

    /// @notice applyPendingRewardsAndGet(borrower) then decayBaseRateAndGetBorrowingFee(PAYDDebt), in
    /// one call (an adjustment that borrows).
    function applyPendingRewardsAndGetWithFee(address borrower, uint256 PAYDDebt)
        external
        onlyBorrowerOperations
        returns (uint256 debt, uint256 coll, uint256 fee)
    {
        (debt, coll) = _applyPendingRewardsAndGet(borrower);
        _decayBaseRateFromBorrowing();
        fee = (getBorrowingRate() * PAYDDebt) / DECIMAL_PRECISION;
    }

    function _applyPendingRewardsAndGet(address borrower) internal returns (uint256, uint256) {
        Cache storage c = _caches[borrower];
        if (c.status != Status.active) revert CacheNotActive(borrower);
        _applyPendingRewards(borrower);
        return (c.debt, c.coll);
    }

    function closeCacheByOwner(address borrower) external onlyBorrowerOperations {
        _removeStake(borrower);
        _closeCache(borrower, Status.closedByOwner);
    }

    function decayBaseRateFromBorrowing() external onlyBorrowerOperations {
        _decayBaseRateFromBorrowing();
    }

    /// @notice decayBaseRateFromBorrowing() then getBorrowingFee(PAYDDebt), in one call.
    function decayBaseRateAndGetBorrowingFee(uint256 PAYDDebt) external onlyBorrowerOperations returns (uint256) {
        _decayBaseRateFromBorrowing();
        return (getBorrowingRate() * PAYDDebt) / DECIMAL_PRECISION;
    }

    function _decayBaseRateFromBorrowing() internal {
        uint256 decayed = _calcDecayedBaseRate();
        baseRate = decayed;
        emit BaseRateUpdated(decayed);
        _updateLastFeeOpTime();
    }

    // --- Pending rewards ---

    /// @notice Moves the cache's share of redistributed debt and collateral into it. Anyone may call it;
    /// the cache's nominal ratio (and so its place in the sorted list) does not change.
    function applyPendingRewards(address borrower) external {
        if (_caches[borrower].status != Status.active) revert CacheNotActive(borrower);
        _applyPendingRewards(borrower);
    }

    function _applyPendingRewards(address borrower) internal {
        if (!hasPendingRewards(borrower)) return;
        uint256 pendingETH = getPendingETHReward(borrower);
        uint256 pendingDebt = getPendingPAYDDebtReward(borrower);
        Cache storage c = _caches[borrower];
        (c.debt, c.coll) = (_u128(c.debt + pendingDebt), _u128(c.coll + pendingETH));
        _updateCacheRewardSnapshots(borrower);
        _movePendingCacheRewardsToActivePool(pendingDebt, pendingETH);
        emit CacheUpdated(borrower, c.debt, c.coll, c.stake, CacheManagerOperation.applyPendingRewards);
    }

    function _updateCacheRewardSnapshots(address borrower) internal {
        rewardSnapshots[borrower].ETH = L_ETH;
        rewardSnapshots[borrower].PAYDDebt = L_PAYDDebt;
        emit CacheSnapshotsUpdated(L_ETH, L_PAYDDebt);
    }

    function _movePendingCacheRewardsToActivePool(uint256 debt, uint256 coll) internal {
        if (debt == 0 && coll == 0) return;
        (uint128 newETH, uint128 newDebt) = (uint128(_defaultPoolETH - coll), uint128(_defaultPoolDebt - debt));
        (_defaultPoolETH, _defaultPoolDebt) = (newETH, newDebt);
        if (debt > 0) {
            emit DefaultPoolPAYDDebtUpdated(newDebt);
            activePool.increasePAYDDebt(debt);
        }
        if (coll > 0) {
            emit DefaultPoolETHBalanceUpdated(newETH);
            defaultPool.sendETHToActivePool(coll);
        }
    }

    // --- Stakes ---

    /// @dev Stakes are scaled by the collateral already redistributed, so that a new cache does not
    /// share in redistributions that happened before it opened.
    function _computeNewStake(uint256 coll) internal view returns (uint256) {
        (uint256 stakesSnapshot, uint256 collSnapshot) = (_totalStakesSnapshot, _totalCollateralSnapshot);
        if (collSnapshot == 0) return coll;
        return (coll * stakesSnapshot) / collSnapshot;
    }

    function _updateStakeAndTotalStakes(address borrower) internal returns (uint256 newStake) {
        Cache storage c = _caches[borrower];
        newStake = _computeNewStake(c.coll);
        uint256 newTotal = _totalStakes - c.stake + newStake;
        _totalStakes = _u128(newTotal);
        c.stake = _u128(newStake);
        emit TotalStakesUpdated(newTotal);
    }

    /// @dev Every caller then closes the cache, which zeroes its stake.
    function _removeStake(address borrower) internal {
        _totalStakes -= _caches[borrower].stake;
    }

    /// @dev `coll`: the collateral of both pools less the liquidators' compensation still to be sent.
    function _updateSystemSnapshots(uint256 coll) internal {
        uint256 stakes = _totalStakes;
        (_totalStakesSnapshot, _totalCollateralSnapshot) = (uint128(stakes), _u128(coll));
        emit SystemSnapshotsUpdated(stakes, coll);
    }

    /// @dev The record, then the list entry; the last open cache is never closed (the list answers how
    /// many are left: none undoes it all).
    function _closeCache(address borrower, Status closedStatus) internal {
        uint256 index = _closeCacheRecord(borrower, closedStatus, 0);
        if (sortedCaches.remove(borrower, index) == 0) revert OnlyOneCacheInSystem();
    }

    /// @dev The record only: the caller removes its list entry (a batch liquidation and a redemption
    /// remove theirs in one pass; the cache manager never closes the last cache). Returns the cache's
    /// id. `surplus`: the collateral a redemption left, kept in the closed record until it is claimed.
    /// The reward snapshots are cleared only when the ETH one (which every caller has just read) is
    /// non-zero, as clearing then refunds more than it costs. A stale snapshot is harmless: the next
    /// open writes every non-zero L term, and a term that is zero now was zero for every snapshot before.
    function _closeCacheRecord(address borrower, Status closedStatus, uint256 surplus) internal returns (uint120 index) {
        index = _caches[borrower].arrayIndex;
        _writeClosedRecord(borrower, closedStatus, index, surplus);
        RewardSnapshot storage snapshot = rewardSnapshots[borrower];
        if (snapshot.ETH != 0) (snapshot.ETH, snapshot.PAYDDebt) = (0, 0);
    }

    /// @dev Cache(0, surplus, 0, closedStatus, index) in one write per slot (a struct assignment reads
    /// and writes each member): slot 0 is debt | coll << 128, slot 1 is stake | status << 128 |
    /// arrayIndex << 136 (the layout of Cache; the tests read every field of closed records back).
    /// The surplus (at most the cache's collateral, a uint128) sits where the collateral was.
    function _writeClosedRecord(address borrower, Status closedStatus, uint120 index, uint256 surplus) internal {
        Cache storage c = _caches[borrower];
        uint256 slot0 = surplus << 128;
        uint256 slot1 = (uint256(closedStatus) << 128) | (uint256(index) << 136);
        // solhint-disable-next-line no-inline-assembly
        assembly {
            sstore(c.slot, slot0)
            sstore(add(c.slot, 1), slot1)
        }
    }

    // --- Liquidation ---

    struct LiquidationValues {
        uint256 entireCacheDebt;
        uint256 entireCacheColl;
        uint256 collGasCompensation;
        uint256 PAYDGasCompensation;
        uint256 debtToOffset;
        uint256 collToSendToSP;
        uint256 debtToRedistribute;
        uint256 collToRedistribute;
        uint256 collSurplus;
    }

    struct LiquidationState {
        uint256 price;
        uint256 remainingPAYDInSP;
        uint256 systemColl;
        uint256 systemDebt;
        bool recoveryMode;
        uint256 collAtStart;
        // the current cache's amounts with pending rewards, read once per cache
        uint256 debt;
        uint256 coll;
        uint256 pendingDebt;
        uint256 pendingColl;
        // liquidateCaches: the caches closed are consecutive from the tail, and their list nodes are
        // removed in one pass after the loop
        bool fromTail;
        // L_ETH and L_PAYDDebt, read once: nothing is redistributed before the sequence ends
        uint256 lEth;
        uint256 lDebt;
        // the current cache's stake, and the stakes of the caches closed so far (written to
        // totalStakes once, before the redistribution that reads it)
        uint256 stake;
        uint256 stakesRemoved;
        // the open caches (the list's size, read once): the last one is never liquidated
        uint256 count;
    }

    /// @dev getEntireDebtAndColl(borrower) into `st`, with the L terms of `st`, and the stake.
    function _readLiquidatedCache(address borrower, LiquidationState memory st) internal view {
        Cache storage c = _caches[borrower];
        RewardSnapshot storage snapshot = rewardSnapshots[borrower];
        (uint256 debt, uint256 coll, uint256 stake) = (c.debt, c.coll, c.stake);
        bool active = c.status == Status.active;
        (uint256 snapshotETH, uint256 snapshotDebt) = (snapshot.ETH, snapshot.PAYDDebt);
        st.pendingColl =
            snapshotETH == st.lEth || !active ? 0 : (stake * (st.lEth - snapshotETH)) / DECIMAL_PRECISION;
        st.pendingDebt =
            snapshotDebt == st.lDebt || !active ? 0 : (stake * (st.lDebt - snapshotDebt)) / DECIMAL_PRECISION;
        (st.debt, st.coll, st.stake) = (debt + st.pendingDebt, coll + st.pendingColl, stake);
    }

    function _closeLiquidated(address borrower, LiquidationState memory st) internal {
        if (st.fromTail) _closeCacheRecord(borrower, Status.closedByLiquidation, 0);
        else _closeCache(borrower, Status.closedByLiquidation);
        st.count--;
    }

    /// @notice Liquidates one cache below MCR (or, in recovery mode, below the total ratio while the pool
    /// covers its debt). Anyone may call it unless the deployment gates liquidation by KYC.
    function liquidate(address borrower) external {
        if (_caches[borrower].status != Status.active) revert CacheNotActive(borrower);
        _liquidateSequence(borrower, 1);
    }

    /// @notice Liquidates up to n caches, starting from the lowest ratio.
    function liquidateCaches(uint256 n) external {
        _liquidateSequence(address(0), n);
    }

    /// @dev With `only` set, liquidates just that cache; otherwise walks up from the tail.
    function _liquidateSequence(address only, uint256 n) internal {
        (IKycManager kyc, uint256 feeShare, address feeWallet) = settings.liquidationConfig();
        if (address(kyc) != address(0) && !kyc.canLiquidate(msg.sender)) {
            revert KycDenied(msg.sender, "canLiquidate");
        }
        LiquidationState memory st;
        st.price = priceFeed.fetchPrice();
        st.remainingPAYDInSP = rewardsPool.getTotalPAYDDeposits();
        (st.systemColl, st.systemDebt) = _getSystemTotals();
        st.collAtStart = st.systemColl;
        st.recoveryMode = LendingMath.computeCR(st.systemColl, st.systemDebt, st.price) < CCR;
        LiquidationValues memory totals;
        st.fromTail = only == address(0);
        (st.lEth, st.lDebt) = (L_ETH, L_PAYDDebt);
        address user = only;
        uint256 userId;
        if (st.fromTail) (user, userId) = sortedCaches.getLastWithId();
        st.count = sortedCaches.getSize();
        uint256 closed;
        for (; closed < n && user != address(0); closed++) {
            if (st.count <= 1) break;
            // a single liquidation (`only`) has no next cache
            address next;
            uint256 nextId;
            if (st.fromTail) (next, nextId) = sortedCaches.getPrevWithId(userId);
            _readLiquidatedCache(user, st);
            uint256 icr = LendingMath.computeCR(st.coll, st.debt, st.price);
            LiquidationValues memory v;
            if (st.recoveryMode) {
                if (icr >= MCR && st.remainingPAYDInSP == 0) break;
                uint256 tcr = LendingMath.computeCR(st.systemColl, st.systemDebt, st.price);
                v = _liquidateRecoveryMode(user, icr, tcr, st);
                if (v.entireCacheDebt == 0) break;
                st.systemDebt -= v.debtToOffset;
                st.systemColl -= v.collToSendToSP + v.collGasCompensation + v.collSurplus;
                st.recoveryMode = LendingMath.computeCR(st.systemColl, st.systemDebt, st.price) < CCR;
            } else {
                if (icr >= MCR) break;
                v = _liquidateNormalMode(user, st);
            }
            st.remainingPAYDInSP -= v.debtToOffset;
            _addLiquidationValues(totals, v);
            (user, userId) = (next, nextId);
        }
        if (totals.entireCacheDebt == 0) revert NothingToLiquidate();
        _totalStakes = uint128(_totalStakes - st.stakesRemoved);
        if (st.fromTail) sortedCaches.removeLast(closed);
        _finishLiquidation(totals, feeShare, feeWallet, st.collAtStart);
    }

    function _addLiquidationValues(LiquidationValues memory t, LiquidationValues memory v) internal pure {
        t.entireCacheDebt += v.entireCacheDebt;
        t.entireCacheColl += v.entireCacheColl;
        t.collGasCompensation += v.collGasCompensation;
        t.PAYDGasCompensation += v.PAYDGasCompensation;
        t.debtToOffset += v.debtToOffset;
        t.collToSendToSP += v.collToSendToSP;
        t.debtToRedistribute += v.debtToRedistribute;
        t.collToRedistribute += v.collToRedistribute;
        t.collSurplus += v.collSurplus;
    }

    /// @dev `collAtStart`: both pools' collateral before the sequence. Only the pool's share (with the
    /// fee wallet's cut), the collateral surplus and the compensation leave the two pools; pending
    /// rewards and redistributions move between them. So the snapshot needs no pool reads.
    function _finishLiquidation(LiquidationValues memory t, uint256 feeShare, address feeWallet, uint256 collAtStart)
        internal
    {
        uint256 feeToWallet = (t.collToSendToSP * feeShare) / DECIMAL_PRECISION;
        if (t.debtToOffset > 0) rewardsPool.offset(t.debtToOffset, t.collToSendToSP - feeToWallet);
        if (feeToWallet > 0) activePool.sendETH(feeWallet, feeToWallet);
        _redistributeDebtAndColl(t.debtToRedistribute, t.collToRedistribute);
        if (t.collSurplus > 0) activePool.sendETH(address(collSurplusPool), t.collSurplus);
        _updateSystemSnapshots(collAtStart - t.collToSendToSP - t.collSurplus - t.collGasCompensation);
        _totalLifetimeLiquidations = _u128(_totalLifetimeLiquidations + t.entireCacheColl);
        emit Liquidation(
            t.entireCacheDebt, t.entireCacheColl - t.collGasCompensation - t.collSurplus, t.collGasCompensation, t.PAYDGasCompensation
        );
        paydToken.returnFromPool(gasPool, msg.sender, t.PAYDGasCompensation);
        activePool.sendETH(msg.sender, t.collGasCompensation);
    }

    function _startLiquidation(LiquidationValues memory v, LiquidationState memory st) internal {
        (v.entireCacheDebt, v.entireCacheColl) = (st.debt, st.coll);
        _movePendingCacheRewardsToActivePool(st.pendingDebt, st.pendingColl);
        st.stakesRemoved += st.stake;
        v.PAYDGasCompensation = PAYD_GAS_COMPENSATION;
    }

    function _liquidateNormalMode(address borrower, LiquidationState memory st)
        internal
        returns (LiquidationValues memory v)
    {
        uint256 PAYDInSP = st.remainingPAYDInSP;
        _startLiquidation(v, st);
        v.collGasCompensation = v.entireCacheColl / PERCENT_DIVISOR;
        _splitOffsetAndRedistribution(v, v.entireCacheColl - v.collGasCompensation, PAYDInSP);
        _closeLiquidated(borrower, st);
        emit CacheLiquidated(borrower, v.entireCacheDebt, v.entireCacheColl, CacheManagerOperation.liquidateInNormalMode);
        emit CacheUpdated(borrower, 0, 0, 0, CacheManagerOperation.liquidateInNormalMode);
    }

    function _liquidateRecoveryMode(address borrower, uint256 icr, uint256 tcr, LiquidationState memory st)
        internal
        returns (LiquidationValues memory v)
    {
        if (st.count <= 1) return v;
        uint256 PAYDInSP = st.remainingPAYDInSP;
        if (icr >= MCR && (icr >= tcr || st.debt > PAYDInSP)) {
            return v; // not liquidatable in recovery mode
        }
        _startLiquidation(v, st);
        if (icr <= _100pct) {
            // Under-collateralised: the pool would lose, so everything is redistributed.
            v.collGasCompensation = v.entireCacheColl / PERCENT_DIVISOR;
            v.debtToRedistribute = v.entireCacheDebt;
            v.collToRedistribute = v.entireCacheColl - v.collGasCompensation;
        } else if (icr < MCR) {
            v.collGasCompensation = v.entireCacheColl / PERCENT_DIVISOR;
            _splitOffsetAndRedistribution(v, v.entireCacheColl - v.collGasCompensation, PAYDInSP);
        } else {
            // MCR <= ICR < TCR with the pool covering the debt: the pool takes collateral worth MCR x debt,
            // the owner keeps the rest in the collateral-surplus pool.
            uint256 cappedColl = (v.entireCacheDebt * MCR) / st.price;
            v.collGasCompensation = cappedColl / PERCENT_DIVISOR;
            v.debtToOffset = v.entireCacheDebt;
            v.collToSendToSP = cappedColl - v.collGasCompensation;
            v.collSurplus = v.entireCacheColl - cappedColl;
            if (v.collSurplus > 0) collSurplusPool.accountSurplus(borrower, v.collSurplus);
        }
        _closeLiquidated(borrower, st);
        emit CacheLiquidated(
            borrower, v.entireCacheDebt, v.entireCacheColl, CacheManagerOperation.liquidateInRecoveryMode
        );
        emit CacheUpdated(borrower, 0, 0, 0, CacheManagerOperation.liquidateInRecoveryMode);
    }

    function _splitOffsetAndRedistribution(LiquidationValues memory v, uint256 coll, uint256 PAYDInSP)
        internal
        pure
    {
        if (PAYDInSP > 0) {
            v.debtToOffset = LendingMath.min(v.entireCacheDebt, PAYDInSP);
            v.collToSendToSP = (coll * v.debtToOffset) / v.entireCacheDebt;
            v.debtToRedistribute = v.entireCacheDebt - v.debtToOffset;
            v.collToRedistribute = coll - v.collToSendToSP;
        } else {
            v.debtToRedistribute = v.entireCacheDebt;
            v.collToRedistribute = coll;
        }
    }

    /// @dev Adds debt and coll per unit of stake to L_PAYDDebt and L_ETH, carrying the rounding error
    /// of each division into the next one so that nothing is lost over time.
    function _redistributeDebtAndColl(uint256 debt, uint256 coll) internal {
        if (debt == 0) return;
        uint256 ETHNumerator = coll * DECIMAL_PRECISION + _lastETHError_Redistribution;
        uint256 debtNumerator = debt * DECIMAL_PRECISION + _lastPAYDDebtError_Redistribution;
        uint256 stakes = _totalStakes;
        uint256 ETHPerStake = ETHNumerator / stakes;
        uint256 debtPerStake = debtNumerator / stakes;
        (_lastETHError_Redistribution, _lastPAYDDebtError_Redistribution) =
            (uint128(ETHNumerator - ETHPerStake * stakes), uint128(debtNumerator - debtPerStake * stakes));
        L_ETH += ETHPerStake;
        L_PAYDDebt += debtPerStake;
        emit LTermsUpdated(L_ETH, L_PAYDDebt);
        activePool.decreasePAYDDebtAndSendETH(debt, address(defaultPool), coll);
        (uint128 newETH, uint128 newDebt) = (_u128(_defaultPoolETH + coll), _u128(_defaultPoolDebt + debt));
        (_defaultPoolETH, _defaultPoolDebt) = (newETH, newDebt);
        emit DefaultPoolETHBalanceUpdated(newETH);
        emit DefaultPoolPAYDDebtUpdated(newDebt);
    }

    // --- Redemption ---

    struct RedemptionTotals {
        uint256 remainingPAYD;
        uint256 totalPAYDToRedeem;
        uint256 totalETHDrawn;
        uint256 ETHFee;
        uint256 price;
        uint256 totalPAYDSupplyAtStart;
        // the closed caches' 200 PAYD reserves and collateral surpluses, moved once at the end
        uint256 reservesBurned;
        uint256 surplusToCollSurplusPool;
        // the closed caches are consecutive in the list: the lowest and how many, removed in one call
        // before the partial cache moves and at the end
        address lowestClosed;
        uint256 lowestClosedId;
        uint256 closedCount;
    }

    /// @dev A redemption's place in the list: the current cache and the one above it when known.
    struct Walk {
        address current;
        uint256 currentId;
        address above;
        uint256 aboveId;
    }

    /// @dev The ETH a redemption sends from the active pool, in order (at most four transfers).
    struct Transfers {
        address[4] to;
        uint256[4] amount;
        uint256 count;
    }

    struct RedemptionHints {
        address upper;
        address lower;
        uint256 partialNICR;
    }

    /// @notice Swaps PAYD for ETH at face value from the lowest-ratio caches (at or above MCR) first.
    /// @param PAYDamount PAYD to redeem
    /// @param minEthAmt least ETH (after the fee) the caller accepts
    /// @param firstRedemptionHint the first cache to redeem from (HintHelpers.getRedemptionHints)
    /// @param partialRedemptionHintNICR the ratio the partially redeemed last cache will have
    /// @param maxIterations at most this many caches; 0 or above 70 means 70
    function redeemCollateral(
        uint256 PAYDamount,
        uint256 minEthAmt,
        address firstRedemptionHint,
        address upperPartialRedemptionHint,
        address lowerPartialRedemptionHint,
        uint256 partialRedemptionHintNICR,
        uint256 maxIterations
    ) external {
        FeeConfig memory f;
        (f.kyc, f.wallet, f.charityShare, f.charityWallet, f.staking) = settings.redeemerConfig();
        if (!LendingMath.kycAllows(address(f.kyc), IKycManager.canRedeem.selector, msg.sender)) {
            revert KycDenied(msg.sender, "canRedeem");
        }
        if (block.timestamp < deploymentTime + bootstrapPeriod) {
            revert RedemptionsNotOpenYet(deploymentTime + bootstrapPeriod);
        }
        if (PAYDamount == 0) revert AmountMustBeNonZero();
        RedemptionTotals memory t;
        t.price = priceFeed.fetchPrice();
        {
            // the system totals, read once: the debt is the PAYD supply the base rate's update uses
            (uint256 totalColl, uint256 totalDebt) = _getSystemTotals();
            uint256 tcr = LendingMath.computeCR(totalColl, totalDebt, t.price);
            if (tcr < MCR) revert TCRBelowMCR(tcr);
            t.totalPAYDSupplyAtStart = totalDebt;
        }
        uint256 balance = paydToken.balanceOf(msg.sender);
        if (balance < PAYDamount) revert InsufficientPAYDBalance(balance, PAYDamount);
        t.remainingPAYD = PAYDamount;
        RedemptionHints memory hints =
            RedemptionHints(upperPartialRedemptionHint, lowerPartialRedemptionHint, partialRedemptionHintNICR);

        // the first cache and the one above it (zero: not known yet), with their ids
        Walk memory w = _firstRedemptionCache(firstRedemptionHint, t.price);
        if (maxIterations == 0 || maxIterations > MAX_REDEMPTION_ITERATIONS) maxIterations = MAX_REDEMPTION_ITERATIONS;
        while (w.current != address(0) && t.remainingPAYD > 0 && maxIterations > 0) {
            maxIterations--;
            (address next, uint256 nextId) =
                w.above != address(0) ? (w.above, w.aboveId) : sortedCaches.getPrevWithId(w.currentId);
            w.above = address(0);
            _applyPendingRewards(w.current);
            (uint256 PAYDLot, uint256 ETHLot, bool cancelled) = _redeemFromCache(w.current, t, hints);
            if (cancelled) break;
            t.totalPAYDToRedeem += PAYDLot;
            t.totalETHDrawn += ETHLot;
            t.remainingPAYD -= PAYDLot;
            (w.current, w.currentId) = (next, nextId);
        }
        _removeClosedNodes(t);
        if (t.totalETHDrawn == 0) revert NothingToRedeem("redeemPAYD: amount too low to redeem (try at least 2500)");

        _updateBaseRateFromRedemption(t.totalETHDrawn, t.price, t.totalPAYDSupplyAtStart);
        _payRedemption(PAYDamount, t, minEthAmt, f);
    }

    /// @dev Charges the (FTX-discounted) redemption fee, burns the redeemed PAYD and the closed caches'
    /// reserves, moves the closed caches' surplus to the collateral-surplus pool and sends the ETH.
    /// The debt leaves the active pool before any ETH goes to a wallet outside the protocol.
    function _payRedemption(uint256 PAYDamount, RedemptionTotals memory t, uint256 minEthAmt, FeeConfig memory f)
        internal
    {
        uint256 fee = _applyDiscount(f.staking, msg.sender, _getRedemptionFee(t.totalETHDrawn));
        uint256 ETHToRedeemer = t.totalETHDrawn - fee;
        if (ETHToRedeemer < minEthAmt) revert ETHReceivedBelowMinimum(ETHToRedeemer, minEthAmt);
        emit Redemption(PAYDamount, t.totalPAYDToRedeem, t.totalETHDrawn, fee);

        uint256 debtOut = t.totalPAYDToRedeem + t.reservesBurned;
        if (t.reservesBurned > 0) {
            paydToken.burnTwo(msg.sender, t.totalPAYDToRedeem, gasPool, t.reservesBurned);
        } else {
            paydToken.burn(msg.sender, t.totalPAYDToRedeem);
        }
        (uint256 charity, uint256 rest) = _charitySplit(fee, f.charityShare);
        // The transfers in their order: the surplus, the fee, the charity share, the redeemer's ETH;
        // zero amounts (no closed cache, a full discount, no charity share) are not sent. The debt
        // leaves the active pool with the first of them, in the same call and slot write; the
        // transfers go two to a call.
        Transfers memory x;
        _addTransfer(x, address(collSurplusPool), t.surplusToCollSurplusPool);
        _addTransfer(x, f.wallet, rest);
        _addTransfer(x, f.charityWallet, charity);
        _addTransfer(x, msg.sender, ETHToRedeemer);
        for (uint256 i = 0; i < x.count; i += 2) {
            if (i + 1 < x.count) {
                activePool.decreasePAYDDebtAndSendETHTwo(debtOut, x.to[i], x.amount[i], x.to[i + 1], x.amount[i + 1]);
            } else if (debtOut > 0) {
                activePool.decreasePAYDDebtAndSendETH(debtOut, x.to[i], x.amount[i]);
            } else {
                activePool.sendETH(x.to[i], x.amount[i]);
            }
            debtOut = 0;
        }
    }

    /// @dev Removes the list nodes of the caches the redemption closed so far (consecutive, from
    /// `t.lowestClosed` up).
    function _removeClosedNodes(RedemptionTotals memory t) internal {
        if (t.closedCount == 0) return;
        if (sortedCaches.removeConsecutive(t.lowestClosed, t.lowestClosedId, t.closedCount) == 0) {
            revert OnlyOneCacheInSystem();
        }
        t.closedCount = 0;
    }

    function _addTransfer(Transfers memory x, address to, uint256 amount) internal pure {
        if (amount == 0) return;
        x.to[x.count] = to;
        x.amount[x.count] = amount;
        x.count++;
    }

    /// @dev The first cache to redeem from: the hint when it is valid (in the list, at or above MCR,
    /// the next one below MCR or none), else the lowest cache at or above MCR. Also returns the cache
    /// above it when the hint's node told it (zero otherwise: the loop asks the list).
    function _firstRedemptionCache(address hint, uint256 price) internal view returns (Walk memory w) {
        if (hint != address(0)) {
            uint256 hintId = _caches[hint].arrayIndex;
            (bool exists, address below, address above, uint256 aboveId) = sortedCaches.getEntry(hint, hintId);
            if (
                exists && getCurrentICR(hint, price) >= MCR
                    && (below == address(0) || getCurrentICR(below, price) < MCR)
            ) return Walk(hint, hintId, above, aboveId);
        }
        (w.current, w.currentId) = sortedCaches.getLastWithId();
        while (w.current != address(0) && getCurrentICR(w.current, price) < MCR) {
            (w.current, w.currentId) = sortedCaches.getPrevWithId(w.currentId);
        }
    }

    /// @dev Redeems from one cache. A full redemption closes it (surplus to the collateral-surplus pool);
    /// a partial one that would leave it under the minimum net debt, or whose ratio no longer matches
    /// the hint, is cancelled and ends the redemption.
    /// A closed cache's reserve and surplus are added to `t` and moved by _payRedemption.
    function _redeemFromCache(address borrower, RedemptionTotals memory t, RedemptionHints memory hints)
        internal
        returns (uint256 PAYDLot, uint256 ETHLot, bool cancelled)
    {
        Cache storage c = _caches[borrower];
        PAYDLot = LendingMath.min(t.remainingPAYD, c.debt - PAYD_GAS_COMPENSATION);
        ETHLot = (PAYDLot * DECIMAL_PRECISION) / t.price;
        uint256 newDebt = c.debt - PAYDLot;
        uint256 newColl = c.coll - ETHLot;
        if (newDebt == PAYD_GAS_COMPENSATION) {
            _removeStake(borrower);
            // the surplus stays in the closed record (no new slot per closed cache) until its owner
            // claims it through the collateral-surplus pool, which gets its ETH below
            uint256 index = _closeCacheRecord(borrower, Status.closedByRedemption, newColl);
            if (t.closedCount == 0) (t.lowestClosed, t.lowestClosedId) = (borrower, index);
            t.closedCount++;
            t.reservesBurned += PAYD_GAS_COMPENSATION;
            t.surplusToCollSurplusPool += newColl;
            emit CacheUpdated(borrower, 0, 0, 0, CacheManagerOperation.redeemCollateral);
        } else {
            uint256 newNICR = LendingMath.computeNominalCR(newColl, newDebt);
            if (newNICR != hints.partialNICR || newDebt - PAYD_GAS_COMPENSATION < MIN_NET_DEBT) {
                return (0, 0, true);
            }
            _removeClosedNodes(t);
            sortedCaches.reInsert(borrower, c.arrayIndex, newNICR, hints.upper, hints.lower);
            (c.debt, c.coll) = (_u128(newDebt), _u128(newColl));
            _updateStakeAndTotalStakes(borrower);
            emit CacheUpdated(borrower, newDebt, newColl, c.stake, CacheManagerOperation.redeemCollateral);
        }
    }

    // --- Fees and the base rate ---

    function _updateBaseRateFromRedemption(uint256 ETHDrawn, uint256 price, uint256 totalPAYDSupply) internal {
        uint256 redeemedFraction = (ETHDrawn * price) / totalPAYDSupply;
        uint256 newBaseRate = LendingMath.min(_calcDecayedBaseRate() + redeemedFraction / BETA, DECIMAL_PRECISION);
        baseRate = newBaseRate;
        emit BaseRateUpdated(newBaseRate);
        _updateLastFeeOpTime();
    }

    function _updateLastFeeOpTime() internal {
        uint256 minutesPassed = _minutesPassedSinceLastFeeOp();
        if (minutesPassed > 0) {
            lastFeeOperationTime += minutesPassed * SECONDS_IN_ONE_MINUTE;
            emit LastFeeOpTimeUpdated(lastFeeOperationTime);
        }
    }

    function _minutesPassedSinceLastFeeOp() internal view returns (uint256) {
        return (block.timestamp - lastFeeOperationTime) / SECONDS_IN_ONE_MINUTE;
    }

    function _calcDecayedBaseRate() internal view returns (uint256) {
        uint256 factor = LendingMath.decPow(MINUTE_DECAY_FACTOR, _minutesPassedSinceLastFeeOp());
        return (baseRate * factor) / DECIMAL_PRECISION;
    }

    function getRedemptionRate() public view returns (uint256) {
        return LendingMath.min(REDEMPTION_FEE_FLOOR + baseRate, DECIMAL_PRECISION);
    }

    function getRedemptionRateWithDecay() public view returns (uint256) {
        return LendingMath.min(REDEMPTION_FEE_FLOOR + _calcDecayedBaseRate(), DECIMAL_PRECISION);
    }

    function getRedemptionFeeWithDecay(uint256 ETHDrawn) external view returns (uint256) {
        return (getRedemptionRateWithDecay() * ETHDrawn) / DECIMAL_PRECISION;
    }

    function _getRedemptionFee(uint256 ETHDrawn) internal view returns (uint256 fee) {
        fee = (getRedemptionRate() * ETHDrawn) / DECIMAL_PRECISION;
        if (fee >= ETHDrawn) revert RedemptionFeeTooHigh(fee, ETHDrawn);
    }

    function getBorrowingRate() public view returns (uint256) {
        return LendingMath.min(BORROWING_FEE_FLOOR + baseRate, MAX_BORROWING_FEE);
    }

    function getBorrowingRateWithDecay() public view returns (uint256) {
        return LendingMath.min(BORROWING_FEE_FLOOR + _calcDecayedBaseRate(), MAX_BORROWING_FEE);
    }

    function getBorrowingFee(uint256 PAYDDebt) external view returns (uint256) {
        return (getBorrowingRate() * PAYDDebt) / DECIMAL_PRECISION;
    }

    function getBorrowingFeeWithDecay(uint256 PAYDDebt) external view returns (uint256) {
        return (getBorrowingRateWithDecay() * PAYDDebt) / DECIMAL_PRECISION;
    }
}
