// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AdminControlled} from "../access/AdminControlled.sol";
import {IFTXStaking} from "../interfaces/IFTXStaking.sol";
import {IKycManager} from "../interfaces/IKycManager.sol";
import {IERC20Minimal} from "../interfaces/IERC20Minimal.sol";

/// @notice FTX staking: a stake is locked from `since` until `since + stakePeriod`, and its amount
/// selects the admin-set discount tier whose [start, end) holds it; the lending core takes that
/// tier's percentage off the staker's borrowing and redemption fees (IFTXStaking).
contract FTXStaking is AdminControlled, IFTXStaking {
    struct Stake {
        uint256 amount;
        /// timestamp of the latest stake; adding to a stake restarts the lock for the whole amount
        uint256 since;
    }

    struct DiscountTier {
        /// tier number shown to the customer (1, 2, ...); 0 means "no tier"
        uint256 tier;
        /// inclusive lower bound of the staked amount, in FTX wei
        uint256 start;
        /// exclusive upper bound of the staked amount, in FTX wei
        uint256 end;
        /// whole percent (0..100) taken off the fees
        uint256 percentage;
    }

    uint256 public constant MAX_TIERS = 20;

    IERC20Minimal public immutable ftx;
    IKycManager public immutable kycManager;
    /// seconds a stake stays locked after `since`
    uint256 public immutable stakePeriod;

    mapping(address => Stake) public stakes;
    uint256 public totalStaked;
    DiscountTier[] private _tiers;

    event Staked(address indexed account, uint256 amount, uint256 newStake, uint256 since);
    event Unstaked(address indexed account, uint256 amount, uint256 newStake);
    event DiscountTiersSet(DiscountTier[] tiers);

    error ZeroAmount();
    error NotPermitted(address account);
    error NoStake(address account);
    error StakeLocked(address account, uint256 unlocksAt);
    error InvalidTier(uint256 index);
    error TooManyTiers(uint256 count);
    error TransferFailed();

    constructor(
        address serverAdmin_,
        address humanAdmin_,
        IERC20Minimal ftx_,
        IKycManager kycManager_,
        uint256 stakePeriod_
    ) AdminControlled(serverAdmin_, humanAdmin_) {
        if (address(ftx_) == address(0) || address(kycManager_) == address(0)) revert ZeroAddress();
        ftx = ftx_;
        kycManager = kycManager_;
        stakePeriod = stakePeriod_;
    }

    /// @notice Stakes `amount` FTX (approved to this contract beforehand); needs canStakeFTX.
    function stake(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        if (!kycManager.canStakeFTX(msg.sender)) revert NotPermitted(msg.sender);
        Stake storage s = stakes[msg.sender];
        s.amount += amount;
        s.since = block.timestamp;
        totalStaked += amount;
        emit Staked(msg.sender, amount, s.amount, block.timestamp);
        if (!ftx.transferFrom(msg.sender, address(this), amount)) revert TransferFailed();
    }

    /// @notice Returns up to `amount` staked FTX once the lock has ended (an amount at or above the
    /// stake unstakes all). Not KYC-gated: a customer can always take back their own tokens.
    function unstake(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        Stake storage s = stakes[msg.sender];
        uint256 current = s.amount;
        if (current == 0) revert NoStake(msg.sender);
        uint256 unlocksAt = s.since + stakePeriod;
        if (block.timestamp < unlocksAt) revert StakeLocked(msg.sender, unlocksAt);
        uint256 taken = amount < current ? amount : current;
        s.amount = current - taken;
        if (s.amount == 0) s.since = 0;
        totalStaked -= taken;
        emit Unstaked(msg.sender, taken, s.amount);
        if (!ftx.transfer(msg.sender, taken)) revert TransferFailed();
    }

    /// @notice Replaces every discount tier. Ranges must be non-empty, ascending and disjoint.
    function setDiscountTiers(DiscountTier[] calldata tiers_) external onlyAdmin {
        if (tiers_.length > MAX_TIERS) revert TooManyTiers(tiers_.length);
        delete _tiers;
        for (uint256 i = 0; i < tiers_.length; ++i) {
            DiscountTier calldata t = tiers_[i];
            if (t.tier == 0 || t.start >= t.end || t.percentage > 100) revert InvalidTier(i);
            if (i > 0 && t.start < tiers_[i - 1].end) revert InvalidTier(i);
            _tiers.push(t);
        }
        emit DiscountTiersSet(tiers_);
    }

    function getDiscountTiers() external view returns (DiscountTier[] memory) {
        return _tiers;
    }

    function discountTierCount() external view returns (uint256) {
        return _tiers.length;
    }

    /// @inheritdoc IFTXStaking
    function getDiscountPercentage(address account) external view returns (uint256 percentage) {
        (, percentage) = _tierOf(stakes[account].amount);
    }

    /// @return tier the tier number (0 when none applies), percentage its discount
    function getDiscountTier(address account) external view returns (uint256 tier, uint256 percentage) {
        return _tierOf(stakes[account].amount);
    }

    /// @notice Everything the store shows about a stake, in one call.
    function getStake(address account)
        external
        view
        returns (uint256 amount, uint256 since, uint256 unlocksAt, uint256 tier, uint256 percentage)
    {
        Stake storage s = stakes[account];
        amount = s.amount;
        since = s.since;
        unlocksAt = since == 0 ? 0 : since + stakePeriod;
        (tier, percentage) = _tierOf(amount);
    }

    function _tierOf(uint256 amount) private view returns (uint256 tier, uint256 percentage) {
        if (amount == 0) return (0, 0);
        uint256 n = _tiers.length;
        for (uint256 i = 0; i < n; ++i) {
            DiscountTier storage t = _tiers[i];
            if (amount >= t.start && amount < t.end) return (t.tier, t.percentage);
        }
        return (0, 0);
    }
}
