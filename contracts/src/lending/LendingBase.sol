// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {LendingMath} from "./LendingMath.sol";
import {IActivePool, IDefaultPool, IPriceFeed} from "./LendingInterfaces.sol";
import {LendingSettings} from "./LendingSettings.sol";
import {IFTXStaking} from "../interfaces/IFTXStaking.sol";
import {IKycManager} from "../interfaces/IKycManager.sol";

/// @notice The spec 000 constants (section 9) and the system-wide ratio reads shared by
/// borrower operations and the cache manager.
abstract contract LendingBase {
    uint256 public constant DECIMAL_PRECISION = 1e18;
    uint256 internal constant _100pct = 1e18;
    /// @notice Minimum collateral ratio, 115%.
    uint256 public constant MCR = 1.15e18;
    /// @notice Critical (total) collateral ratio below which recovery mode is on, 155%.
    uint256 public constant CCR = 1.55e18;
    /// @notice Liquidation reserve: 200 PAYD minted to the gas pool with every cache.
    uint256 public constant PAYD_GAS_COMPENSATION = 200e18;
    /// @notice Minimum net debt 2500 PAYD, so the minimum debt is 2700.
    uint256 public constant MIN_NET_DEBT = 2500e18;
    /// @notice Liquidators get 1/200 = 0.5% of the liquidated collateral.
    uint256 public constant PERCENT_DIVISOR = 200;
    /// @notice Borrowing fee floor 0.5%, redemption fee floor 0.5%, maximum borrowing fee 5%.
    uint256 public constant BORROWING_FEE_FLOOR = 0.005e18;
    uint256 public constant REDEMPTION_FEE_FLOOR = 0.005e18;
    uint256 public constant MAX_BORROWING_FEE = 0.05e18;

    /// @notice Every lending address, fixed at deployment (the deploy script computes the addresses of
    /// the contracts it deploys later from its nonce). Immutables: no storage read per use.
    struct Addresses {
        address borrowerOperations;
        address cacheManager;
        address activePool;
        address defaultPool;
        address rewardsPool;
        address gasPool;
        address collSurplusPool;
        address priceFeed;
        address sortedCaches;
        address paydToken;
        address settings;
    }

    /// @dev What a fee-paying operation reads from the settings (LendingSettings.borrowerConfig,
    /// redeemerConfig): the KYC manager, the fee wallet, the charity share and wallet, FTX staking.
    struct FeeConfig {
        IKycManager kyc;
        address wallet;
        uint256 charityShare;
        address charityWallet;
        IFTXStaking staking;
    }

    IActivePool public immutable activePool;
    IDefaultPool public immutable defaultPool;
    IPriceFeed public immutable priceFeed;
    LendingSettings public immutable settings;

    constructor(Addresses memory a) {
        activePool = IActivePool(a.activePool);
        defaultPool = IDefaultPool(a.defaultPool);
        priceFeed = IPriceFeed(a.priceFeed);
        settings = LendingSettings(a.settings);
    }

    error KycDenied(address account, string check);
    error FeeExceedsMaximum(uint256 feePercentage, uint256 maxFeePercentage);

    function getEntireSystemColl() public view returns (uint256 coll) {
        (coll,) = _getSystemTotals();
    }

    function getEntireSystemDebt() public view returns (uint256 debt) {
        (, debt) = _getSystemTotals();
    }

    /// @dev Total collateral and debt of both pools: the active pool's in one call, the default
    /// pool's from the cache manager, which keeps them.
    function _getSystemTotals() internal view returns (uint256 coll, uint256 debt) {
        (uint256 activeColl, uint256 activeDebt) = activePool.getETHAndPAYDDebt();
        (uint256 defaultColl, uint256 defaultDebt) = _getDefaultPoolTotals();
        return (activeColl + defaultColl, activeDebt + defaultDebt);
    }

    /// @dev The default pool's ETH and PAYD debt.
    function _getDefaultPoolTotals() internal view virtual returns (uint256, uint256);

    function _getTCR(uint256 price) internal view returns (uint256) {
        (uint256 coll, uint256 debt) = _getSystemTotals();
        return LendingMath.computeCR(coll, debt, price);
    }

    function _checkRecoveryMode(uint256 price) internal view returns (bool) {
        return _getTCR(price) < CCR;
    }

    function _requireUserAcceptsFee(uint256 fee, uint256 amount, uint256 maxFeePercentage) internal pure {
        uint256 feePercentage = (fee * DECIMAL_PRECISION) / amount;
        if (feePercentage > maxFeePercentage) revert FeeExceedsMaximum(feePercentage, maxFeePercentage);
    }

    /// @dev `fee` less the FTX discount of `account` (LendingSettings.applyDiscount without the extra
    /// call): no lookup without a staking contract or a fee.
    function _applyDiscount(IFTXStaking staking, address account, uint256 fee) internal view returns (uint256) {
        if (address(staking) == address(0) || fee == 0) return fee;
        uint256 pct = staking.getDiscountPercentage(account);
        if (pct >= 100) return 0;
        return (fee * (100 - pct)) / 100;
    }

    /// @dev Splits a fee between the charity wallet (its admin-set share) and the fee wallet.
    function _charitySplit(uint256 fee, uint256 share) internal pure returns (uint256 charity, uint256 rest) {
        charity = (fee * share) / DECIMAL_PRECISION;
        rest = fee - charity;
    }
}
