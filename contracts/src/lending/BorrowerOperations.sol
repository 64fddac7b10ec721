// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AdminControlled} from "../access/AdminControlled.sol";
import {LendingBase} from "./LendingBase.sol";
import {LendingMath} from "./LendingMath.sol";
import {IKycManager} from "../interfaces/IKycManager.sol";
import {
    ICollSurplusPool,
    IPAYDToken,
    IRewardsPool,
    ICacheManager
} from "./LendingInterfaces.sol";

/// @notice What a borrower does with their own cache: open, adjust, close, claim surplus collateral.
/// Every operation needs the caller's KYC permission (IKycManager).
contract BorrowerOperations is LendingBase, AdminControlled {
    enum BorrowerOperation {
        openCache,
        closeCache,
        adjustCache
    }

    ICacheManager public immutable cacheManager;
    ICollSurplusPool public immutable collSurplusPool;
    IPAYDToken public immutable paydToken;
    IRewardsPool public immutable rewardsPool;
    address public immutable gasPool;

    event CacheCreated(address indexed borrower, uint256 arrayIndex);
    event CacheUpdated(
        address indexed borrower, uint256 debt, uint256 coll, uint256 stake, BorrowerOperation operation
    );
    /// @param wallet the fee wallet (openCacheFee or topupCacheFee) that received the fee less the charity share
    event PAYDBorrowingFeePaid(address indexed borrower, uint256 PAYDFee, address wallet, uint256 charityAmount);

    error CacheIsActive(address borrower);
    error CacheNotActive(address borrower);
    error MaxFeePercentageOutOfRange(uint256 maxFeePercentage);
    error NetDebtBelowMinimum(uint256 netDebt, uint256 minimum);
    error ICRBelowMCR(uint256 icr);
    error ICRBelowCCR(uint256 icr);
    error TCRBelowCCR(uint256 newTcr);
    error RecoveryModeCollWithdrawal();
    error RecoveryModeLowersTCR(uint256 oldTcr, uint256 newTcr);
    error RecoveryModeICRDecrease(uint256 oldIcr, uint256 newIcr);
    error OperationNotPermittedInRecoveryMode();
    error CannotWithdrawAndAddColl();
    error NoChange();
    error ZeroDebtChange();
    error CollWithdrawalExceedsColl(uint256 withdrawal, uint256 coll);
    error InsufficientPAYDBalance(uint256 balance, uint256 amount);
    error ETHTransferFailed(address to, uint256 amount);

    constructor(address serverAdmin_, address humanAdmin_, Addresses memory a)
        AdminControlled(serverAdmin_, humanAdmin_)
        LendingBase(a)
    {
        cacheManager = ICacheManager(a.cacheManager);
        collSurplusPool = ICollSurplusPool(a.collSurplusPool);
        paydToken = IPAYDToken(a.paydToken);
        rewardsPool = IRewardsPool(a.rewardsPool);
        gasPool = a.gasPool;
    }

    /// @dev The cache manager keeps the default pool's accounts (the call makes it warm for the
    /// operation's own calls to it).
    function _getDefaultPoolTotals() internal view override returns (uint256, uint256) {
        return cacheManager.getDefaultPoolETHAndPAYDDebt();
    }

    // --- Open ---

    /// @notice Opens a cache with msg.value ETH, borrowing PAYDAmount (the fee and the 200 PAYD
    /// liquidation reserve are added to its debt).
    /// @param maxFeePercentage highest borrowing rate accepted (18 decimals, 0.5%..100%)
    function openCache(uint256 maxFeePercentage, uint256 PAYDAmount, address upperHint, address lowerHint)
        external
        payable
    {
        FeeConfig memory f = _requireKycAndFeeConfig(IKycManager.canOpen.selector, true);
        _openCache(maxFeePercentage, PAYDAmount, upperHint, lowerHint, f);
    }

    /// @notice Opens a cache and deposits spAmount of the borrowed PAYD in the rewards pool.
    function openCacheAndProvideToSp(
        uint256 maxFeePercentage,
        uint256 PAYDAmount,
        address upperHint,
        address lowerHint,
        uint256 spAmount
    ) external payable {
        FeeConfig memory f = _requireKycAndFeeConfig(IKycManager.canOpen.selector, true);
        _requireKycOf(f.kyc, IKycManager.canProvideToSP.selector);
        _openCache(maxFeePercentage, PAYDAmount, upperHint, lowerHint, f);
        rewardsPool.provideToSPFor(msg.sender, spAmount);
    }

    function _openCache(
        uint256 maxFeePercentage,
        uint256 PAYDAmount,
        address upperHint,
        address lowerHint,
        FeeConfig memory f
    ) internal {
        address borrower = msg.sender;
        uint256 price = priceFeed.fetchPrice();
        // the system totals, read once: nothing below changes them before the checks
        (uint256 totalColl, uint256 totalDebt) = _getSystemTotals();
        bool isRecoveryMode = LendingMath.computeCR(totalColl, totalDebt, price) < CCR;
        _requireValidMaxFeePercentage(maxFeePercentage, isRecoveryMode);
        // an active cache: openCacheRecord reverts CacheIsActive (the same error as this contract's)

        (uint256 netDebt, uint256 feeRest) = _openingFee(PAYDAmount, maxFeePercentage, isRecoveryMode, f);
        if (netDebt < MIN_NET_DEBT) revert NetDebtBelowMinimum(netDebt, MIN_NET_DEBT);
        uint256 compositeDebt = netDebt + PAYD_GAS_COMPENSATION;
        {
            uint256 icr = LendingMath.computeCR(msg.value, compositeDebt, price);
            if (isRecoveryMode) {
                if (icr < CCR) revert ICRBelowCCR(icr);
            } else {
                if (icr < MCR) revert ICRBelowMCR(icr);
                uint256 newTcr = LendingMath.computeCR(totalColl + msg.value, totalDebt + compositeDebt, price);
                if (newTcr < CCR) revert TCRBelowCCR(newTcr);
            }
        }

        uint256 stake = _recordAndInsert(borrower, compositeDebt, upperHint, lowerHint);

        activePool.receiveETHAndIncreasePAYDDebt{value: msg.value}(compositeDebt);
        if (feeRest > 0) paydToken.mint(f.wallet, feeRest);
        paydToken.mintTwo(borrower, PAYDAmount, gasPool, PAYD_GAS_COMPENSATION);
        emit CacheUpdated(borrower, compositeDebt, msg.value, stake, BorrowerOperation.openCache);
    }

    /// @dev The new cache's record (msg.value collateral) and its list node; returns its stake.
    function _recordAndInsert(address borrower, uint256 compositeDebt, address upperHint, address lowerHint)
        internal
        returns (uint256 stake)
    {
        uint256 index;
        (stake, index) = cacheManager.openCacheRecord(borrower, msg.value, compositeDebt, upperHint, lowerHint);
        emit CacheCreated(borrower, index);
    }

    /// @dev The net debt of an open (the amount plus the fee, none in recovery mode) and the fee's
    /// part for the fee wallet.
    function _openingFee(uint256 PAYDAmount, uint256 maxFeePercentage, bool isRecoveryMode, FeeConfig memory f)
        internal
        returns (uint256 netDebt, uint256 feeRest)
    {
        netDebt = PAYDAmount;
        if (isRecoveryMode) return (netDebt, 0);
        uint256 fee;
        (fee, feeRest) =
            _triggerBorrowingFee(cacheManager.decayBaseRateAndGetBorrowingFee(PAYDAmount), PAYDAmount, maxFeePercentage, f);
        netDebt += fee;
    }

    // --- Adjust ---

    function addColl(address upperHint, address lowerHint) external payable {
        FeeConfig memory f = _requireKyc(IKycManager.canAdjust.selector);
        _adjustCache(msg.sender, 0, 0, false, upperHint, lowerHint, 0, f);
    }

    function withdrawColl(uint256 collWithdrawal, address upperHint, address lowerHint) external {
        FeeConfig memory f = _requireKyc(IKycManager.canAdjust.selector);
        _adjustCache(msg.sender, collWithdrawal, 0, false, upperHint, lowerHint, 0, f);
    }

    function withdrawPAYD(uint256 maxFeePercentage, uint256 PAYDAmount, address upperHint, address lowerHint)
        external
    {
        FeeConfig memory f = _requireKycAndFeeConfig(IKycManager.canAdjust.selector, false);
        _adjustCache(msg.sender, 0, PAYDAmount, true, upperHint, lowerHint, maxFeePercentage, f);
    }

    function repayPAYD(uint256 PAYDAmount, address upperHint, address lowerHint) external {
        FeeConfig memory f = _requireKyc(IKycManager.canAdjust.selector);
        _adjustCache(msg.sender, 0, PAYDAmount, false, upperHint, lowerHint, 0, f);
    }

    /// @notice Adds msg.value collateral or withdraws collWithdrawal, and borrows or repays PAYDChange.
    function adjustCache(
        uint256 maxFeePercentage,
        uint256 collWithdrawal,
        uint256 PAYDChange,
        bool isDebtIncrease,
        address upperHint,
        address lowerHint
    ) external payable {
        FeeConfig memory f = _requireKycForAdjust(isDebtIncrease);
        _adjustCache(msg.sender, collWithdrawal, PAYDChange, isDebtIncrease, upperHint, lowerHint, maxFeePercentage, f);
    }

    /// @notice adjustCache plus a rewards-pool deposit (isSpIncrease) or withdrawal of spAmount. A pool
    /// withdrawal happens first (so it can repay debt), a deposit last (so it can use the borrowed PAYD).
    function adjustCacheAndSp(
        uint256 maxFeePercentage,
        uint256 collWithdrawal,
        uint256 PAYDChange,
        bool isDebtIncrease,
        address upperHint,
        address lowerHint,
        uint256 spAmount,
        bool isSpIncrease
    ) external payable {
        FeeConfig memory f = _requireKycForAdjust(isDebtIncrease);
        if (spAmount > 0 && !isSpIncrease) {
            _requireKycOf(f.kyc, IKycManager.canWithdraw.selector);
            rewardsPool.withdrawFromSPFor(msg.sender, spAmount);
        }
        if (collWithdrawal > 0 || PAYDChange > 0 || msg.value > 0) {
            _adjustCache(msg.sender, collWithdrawal, PAYDChange, isDebtIncrease, upperHint, lowerHint, maxFeePercentage, f);
        } else if (spAmount == 0) {
            revert NoChange();
        }
        if (spAmount > 0 && isSpIncrease) {
            _requireKycOf(f.kyc, IKycManager.canProvideToSP.selector);
            rewardsPool.provideToSPFor(msg.sender, spAmount);
        }
    }

    struct AdjustValues {
        uint256 price;
        bool isRecoveryMode;
        uint256 netDebtChange;
        uint256 debt;
        uint256 coll;
        uint256 newDebt;
        uint256 newColl;
        uint256 oldICR;
        uint256 newICR;
        uint256 stake;
        uint256 totalColl;
        uint256 totalDebt;
    }

    function _adjustCache(
        address borrower,
        uint256 collWithdrawal,
        uint256 PAYDChange,
        bool isDebtIncrease,
        address upperHint,
        address lowerHint,
        uint256 maxFeePercentage,
        FeeConfig memory f
    ) internal {
        AdjustValues memory v;
        v.price = priceFeed.fetchPrice();
        // the system totals, read once: applying pending rewards moves them between the pools only
        (v.totalColl, v.totalDebt) = _getSystemTotals();
        v.isRecoveryMode = LendingMath.computeCR(v.totalColl, v.totalDebt, v.price) < CCR;
        if (isDebtIncrease) {
            _requireValidMaxFeePercentage(maxFeePercentage, v.isRecoveryMode);
            if (PAYDChange == 0) revert ZeroDebtChange();
        }
        if (collWithdrawal > 0 && msg.value > 0) revert CannotWithdrawAndAddColl();
        if (collWithdrawal == 0 && PAYDChange == 0 && msg.value == 0) revert NoChange();

        // an inactive cache: the cache manager reverts CacheNotActive (the same error as this
        // contract's); the fee below does not change the cache record
        v.netDebtChange = PAYDChange;
        uint256 feeRest;
        if (isDebtIncrease && !v.isRecoveryMode) {
            uint256 undiscounted;
            (v.debt, v.coll, undiscounted) = cacheManager.applyPendingRewardsAndGetWithFee(borrower, PAYDChange);
            uint256 fee;
            (fee, feeRest) = _triggerBorrowingFee(undiscounted, PAYDChange, maxFeePercentage, f);
            v.netDebtChange += fee;
        } else {
            (v.debt, v.coll) = cacheManager.applyPendingRewardsAndGet(borrower);
        }
        if (collWithdrawal > v.coll) revert CollWithdrawalExceedsColl(collWithdrawal, v.coll);
        v.oldICR = LendingMath.computeCR(v.coll, v.debt, v.price);
        v.newColl = msg.value > 0 ? v.coll + msg.value : v.coll - collWithdrawal;
        v.newDebt = isDebtIncrease ? v.debt + v.netDebtChange : v.debt - v.netDebtChange;
        v.newICR = LendingMath.computeCR(v.newColl, v.newDebt, v.price);

        uint256 oldTcr = LendingMath.computeCR(v.totalColl, v.totalDebt, v.price);
        uint256 newTcr = LendingMath.computeCR(
            msg.value > 0 ? v.totalColl + msg.value : v.totalColl - collWithdrawal,
            isDebtIncrease ? v.totalDebt + v.netDebtChange : v.totalDebt - v.netDebtChange,
            v.price
        );
        if (v.isRecoveryMode) {
            // Recovery mode: no collateral withdrawal, new debt only at >= 155% and without lowering
            // the cache's ratio, and no change may lower the total collateral ratio.
            if (collWithdrawal > 0) revert RecoveryModeCollWithdrawal();
            if (isDebtIncrease) {
                if (v.newICR < CCR) revert ICRBelowCCR(v.newICR);
                if (v.newICR < v.oldICR) revert RecoveryModeICRDecrease(v.oldICR, v.newICR);
            }
            if (newTcr < oldTcr) revert RecoveryModeLowersTCR(oldTcr, newTcr);
        } else {
            if (v.newICR < MCR) revert ICRBelowMCR(v.newICR);
            if (newTcr < CCR) revert TCRBelowCCR(newTcr);
        }
        if (!isDebtIncrease && PAYDChange > 0) {
            if (v.newDebt < PAYD_GAS_COMPENSATION || v.newDebt - PAYD_GAS_COMPENSATION < MIN_NET_DEBT) {
                revert NetDebtBelowMinimum(v.newDebt < PAYD_GAS_COMPENSATION ? 0 : v.newDebt - PAYD_GAS_COMPENSATION, MIN_NET_DEBT);
            }
            uint256 balance = paydToken.balanceOf(borrower);
            if (balance < PAYDChange) revert InsufficientPAYDBalance(balance, PAYDChange);
        }

        v.stake = cacheManager.adjustCacheRecord(borrower, v.newColl, v.newDebt, upperHint, lowerHint);
        emit CacheUpdated(borrower, v.newDebt, v.newColl, v.stake, BorrowerOperation.adjustCache);

        if (isDebtIncrease) {
            if (msg.value > 0) activePool.receiveETHAndIncreasePAYDDebt{value: msg.value}(v.netDebtChange);
            else activePool.increasePAYDDebt(v.netDebtChange);
            if (feeRest > 0) paydToken.mintTwo(f.wallet, feeRest, borrower, PAYDChange);
            else paydToken.mint(borrower, PAYDChange);
        } else {
            if (PAYDChange > 0) {
                activePool.decreasePAYDDebt(PAYDChange);
                paydToken.burn(borrower, PAYDChange);
            }
            if (msg.value > 0) _sendETH(address(activePool), msg.value);
        }
        if (collWithdrawal > 0) activePool.sendETH(borrower, collWithdrawal);
    }

    // --- Close and claim ---

    /// @notice Repays the whole debt (the 200 PAYD reserve comes back from the gas pool) and returns all
    /// collateral. Not possible in recovery mode, nor if it would start recovery mode.
    function closeCache() external {
        _requireKyc(IKycManager.canAdjust.selector);
        address borrower = msg.sender;
        // reverts CacheNotActive for a cache that is not active; applying pending rewards moves them
        // between the pools and leaves the system totals as they are
        (uint256 debt, uint256 coll) = cacheManager.applyPendingRewardsAndGet(borrower);
        uint256 price = priceFeed.fetchPrice();
        (uint256 totalColl, uint256 totalDebt) = _getSystemTotals();
        if (LendingMath.computeCR(totalColl, totalDebt, price) < CCR) revert OperationNotPermittedInRecoveryMode();
        uint256 toRepay = debt - PAYD_GAS_COMPENSATION;
        uint256 balance = paydToken.balanceOf(borrower);
        if (balance < toRepay) revert InsufficientPAYDBalance(balance, toRepay);
        uint256 newTcr = LendingMath.computeCR(totalColl - coll, totalDebt - debt, price);
        if (newTcr < CCR) revert TCRBelowCCR(newTcr);

        cacheManager.closeCacheByOwner(borrower);
        emit CacheUpdated(borrower, 0, 0, 0, BorrowerOperation.closeCache);
        paydToken.burnTwo(borrower, toRepay, gasPool, PAYD_GAS_COMPENSATION);
        activePool.decreasePAYDDebtAndSendETH(debt, borrower, coll);
    }

    /// @notice Sends the caller's collateral surplus (from a redemption or a capped liquidation).
    function claimCollateral() external {
        _requireKyc(IKycManager.canClaimColl.selector);
        collSurplusPool.claimColl(msg.sender);
    }

    // --- Internals ---

    /// @dev The check's name is built only for the revert (a string argument would be written to
    /// memory on every call).
    function _requireKyc(bytes4 selector) internal view returns (FeeConfig memory f) {
        f.kyc = settings.kycManager();
        _requireKycOf(f.kyc, selector);
    }

    function _requireKycOf(IKycManager kyc, bytes4 selector) internal view {
        if (!LendingMath.kycAllows(address(kyc), selector, msg.sender)) {
            revert KycDenied(msg.sender, _kycCheckName(selector));
        }
    }

    /// @dev The KYC check and the borrowing fee's settings, read in one call.
    function _requireKycAndFeeConfig(bytes4 selector, bool isOpen) internal view returns (FeeConfig memory f) {
        (f.kyc, f.wallet, f.charityShare, f.charityWallet, f.staking) = settings.borrowerConfig(isOpen);
        _requireKycOf(f.kyc, selector);
    }

    function _requireKycForAdjust(bool isDebtIncrease) internal view returns (FeeConfig memory) {
        return isDebtIncrease
            ? _requireKycAndFeeConfig(IKycManager.canAdjust.selector, false)
            : _requireKyc(IKycManager.canAdjust.selector);
    }

    function _kycCheckName(bytes4 selector) private pure returns (string memory) {
        if (selector == IKycManager.canOpen.selector) return "canOpen";
        if (selector == IKycManager.canProvideToSP.selector) return "canProvideToSP";
        if (selector == IKycManager.canWithdraw.selector) return "canWithdraw";
        if (selector == IKycManager.canClaimColl.selector) return "canClaimColl";
        return "canAdjust";
    }

    function _requireValidMaxFeePercentage(uint256 maxFeePercentage, bool isRecoveryMode) internal pure {
        if (maxFeePercentage > DECIMAL_PRECISION || (!isRecoveryMode && maxFeePercentage < BORROWING_FEE_FLOOR)) {
            revert MaxFeePercentageOutOfRange(maxFeePercentage);
        }
    }

    /// @dev Charges the (FTX-discounted) fee of the undiscounted fee the cache manager computed (after
    /// decaying the base rate) and mints the PAYD charity wallet's share. Returns the fee, which is
    /// added to the cache's debt, and the rest for the fee wallet, which the caller mints with its own
    /// mint (one call for both).
    function _triggerBorrowingFee(uint256 undiscounted, uint256 PAYDAmount, uint256 maxFeePercentage, FeeConfig memory f)
        internal
        returns (uint256 fee, uint256 rest)
    {
        fee = _applyDiscount(f.staking, msg.sender, undiscounted);
        _requireUserAcceptsFee(fee, PAYDAmount, maxFeePercentage);
        uint256 charity;
        (charity, rest) = _charitySplit(fee, f.charityShare);
        if (charity > 0) paydToken.mint(f.charityWallet, charity);
        emit PAYDBorrowingFeePaid(msg.sender, fee, f.wallet, charity);
    }

    function _sendETH(address to, uint256 amount) internal {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert ETHTransferFailed(to, amount);
    }
}
