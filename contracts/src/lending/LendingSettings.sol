// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AdminControlled} from "../access/AdminControlled.sol";
import {IKycManager} from "../interfaces/IKycManager.sol";
import {IFTXStaking} from "../interfaces/IFTXStaking.sol";

/// @notice Admin-set settings read by every lending contract: the fee wallets, the charity wallets and
/// their shares, the KYC manager and the FTX staking contract that gives fee discounts.
contract LendingSettings is AdminControlled {
    uint256 public constant MAX_CHARITY_SHARE = 0.5e18;

    /// @notice Receives the PAYD borrowing fee of openCache.
    address public openCacheFee;
    /// @notice Receives the PAYD borrowing fee of extra borrowing (adjustCache, withdrawPAYD).
    address public topupCacheFee;
    /// @notice Receives the ETH redemption fee.
    address public paydSwapFee;
    /// @notice Receives the FETH swap fee (FETH issue).
    address public fethSwapFee;
    /// @notice Receives the admin-set share of liquidated collateral (see liquidationFeeShare).
    address public liquidationFee;
    /// @dev Shares share a slot with the address read in the same operation (each share is at most
    /// 0.5e18, under uint64's 1.8e19). One slot, all a liquidation reads:
    /// liquidationFee | liquidationFeeShare | liquidationRequiresKyc.
    uint64 internal _liquidationFeeShare;
    /// @notice When false (the default) anyone may liquidate; when true the caller needs canLiquidate.
    bool public liquidationRequiresKyc;
    /// @notice Receives liquidation deposits of the validator pool (FETH issue).
    address public liquidationDeposit;
    /// @notice Receive the fee cuts of validator staking and mining rewards (FETH issue).
    address public stakingFee;
    address public miningFee;
    /// @notice Charity wallets: share of ETH-denominated fees and of PAYD-denominated fees.
    address public charityWalletFETH;
    address public charityWalletPAYD;

    /// @dev One slot, read by every user operation: kycManager | charitySharePAYD.
    IKycManager public kycManager;
    uint64 internal _charitySharePAYD;
    /// @dev One slot, read by redemptions: ftxStaking | charityShareFETH.
    /// @notice Zero address: no discounts.
    IFTXStaking public ftxStaking;
    uint64 internal _charityShareFETH;

    event FeeWalletChanged(string name, address wallet);
    event CharitySharesChanged(uint256 charityShareFETH, uint256 charitySharePAYD);
    event LiquidationFeeShareChanged(uint256 share);
    event KycManagerChanged(address kycManager);
    event FTXStakingChanged(address ftxStaking);
    event LiquidationRequiresKycChanged(bool required);

    error ShareTooHigh(uint256 share, uint256 maximum);
    error UnknownWallet(string name);

    constructor(address serverAdmin_, address humanAdmin_, address treasury, address kycManager_)
        AdminControlled(serverAdmin_, humanAdmin_)
    {
        if (treasury == address(0) || kycManager_ == address(0)) revert ZeroAddress();
        openCacheFee = treasury;
        topupCacheFee = treasury;
        paydSwapFee = treasury;
        fethSwapFee = treasury;
        liquidationFee = treasury;
        liquidationDeposit = treasury;
        stakingFee = treasury;
        miningFee = treasury;
        charityWalletFETH = treasury;
        charityWalletPAYD = treasury;
        kycManager = IKycManager(kycManager_);
    }

    /// @notice 18-decimal fraction of ETH-denominated fees sent to charityWalletFETH.
    function charityShareFETH() external view returns (uint256) {
        return _charityShareFETH;
    }

    /// @notice 18-decimal fraction of PAYD-denominated fees sent to charityWalletPAYD.
    function charitySharePAYD() external view returns (uint256) {
        return _charitySharePAYD;
    }

    /// @notice 18-decimal fraction of the collateral absorbed by the rewards pool sent to liquidationFee.
    function liquidationFeeShare() external view returns (uint256) {
        return _liquidationFeeShare;
    }

    /// @notice What a borrowing fee needs, in one call: the fee wallet (openCacheFee when `isOpen`,
    /// else topupCacheFee), the PAYD charity share and wallet (zero address when the share is 0),
    /// and the FTX staking contract (zero address: no discounts).
    function borrowingFeeConfig(bool isOpen)
        external
        view
        returns (address wallet, uint256 charityShare, address charityWallet, IFTXStaking staking)
    {
        wallet = isOpen ? openCacheFee : topupCacheFee;
        charityShare = _charitySharePAYD;
        if (charityShare > 0) charityWallet = charityWalletPAYD;
        staking = ftxStaking;
    }

    /// @notice What a redemption fee needs, in one call: paydSwapFee, the ETH charity share and wallet
    /// (zero address when the share is 0) and the FTX staking contract.
    function redemptionFeeConfig()
        external
        view
        returns (address wallet, uint256 charityShare, address charityWallet, IFTXStaking staking)
    {
        wallet = paydSwapFee;
        staking = ftxStaking;
        charityShare = _charityShareFETH;
        if (charityShare > 0) charityWallet = charityWalletFETH;
    }

    /// @notice borrowingFeeConfig(isOpen) with the KYC manager first: everything a borrowing operation
    /// reads from the settings, in one call.
    function borrowerConfig(bool isOpen)
        external
        view
        returns (IKycManager kyc, address wallet, uint256 charityShare, address charityWallet, IFTXStaking staking)
    {
        kyc = kycManager;
        wallet = isOpen ? openCacheFee : topupCacheFee;
        charityShare = _charitySharePAYD;
        if (charityShare > 0) charityWallet = charityWalletPAYD;
        staking = ftxStaking;
    }

    /// @notice redemptionFeeConfig() with the KYC manager first: everything a redemption reads from the
    /// settings, in one call.
    function redeemerConfig()
        external
        view
        returns (IKycManager kyc, address wallet, uint256 charityShare, address charityWallet, IFTXStaking staking)
    {
        kyc = kycManager;
        wallet = paydSwapFee;
        staking = ftxStaking;
        charityShare = _charityShareFETH;
        if (charityShare > 0) charityWallet = charityWalletFETH;
    }

    /// @notice What a liquidation needs, in one call: the KYC manager when liquidation requires KYC
    /// (else the zero address), the liquidation fee share and its wallet (zero address when the share is 0).
    function liquidationConfig() external view returns (IKycManager kyc, uint256 feeShare, address feeWallet) {
        if (liquidationRequiresKyc) kyc = kycManager;
        feeShare = _liquidationFeeShare;
        if (feeShare > 0) feeWallet = liquidationFee;
    }

    /// @notice Sets one wallet by its spec name (openCacheFee, ..., charityWalletPAYD).
    function setFeeWallet(string calldata name, address wallet) external onlyAdmin {
        if (wallet == address(0)) revert ZeroAddress();
        bytes32 h = keccak256(bytes(name));
        if (h == keccak256("openCacheFee")) openCacheFee = wallet;
        else if (h == keccak256("topupCacheFee")) topupCacheFee = wallet;
        else if (h == keccak256("paydSwapFee")) paydSwapFee = wallet;
        else if (h == keccak256("fethSwapFee")) fethSwapFee = wallet;
        else if (h == keccak256("liquidationFee")) liquidationFee = wallet;
        else if (h == keccak256("liquidationDeposit")) liquidationDeposit = wallet;
        else if (h == keccak256("stakingFee")) stakingFee = wallet;
        else if (h == keccak256("miningFee")) miningFee = wallet;
        else if (h == keccak256("charityWalletFETH")) charityWalletFETH = wallet;
        else if (h == keccak256("charityWalletPAYD")) charityWalletPAYD = wallet;
        else revert UnknownWallet(name);
        emit FeeWalletChanged(name, wallet);
    }

    function setCharityShares(uint256 shareFETH, uint256 sharePAYD) external onlyAdmin {
        if (shareFETH > MAX_CHARITY_SHARE) revert ShareTooHigh(shareFETH, MAX_CHARITY_SHARE);
        if (sharePAYD > MAX_CHARITY_SHARE) revert ShareTooHigh(sharePAYD, MAX_CHARITY_SHARE);
        _charityShareFETH = uint64(shareFETH);
        _charitySharePAYD = uint64(sharePAYD);
        emit CharitySharesChanged(shareFETH, sharePAYD);
    }

    function setLiquidationFeeShare(uint256 share) external onlyAdmin {
        if (share > 0.1e18) revert ShareTooHigh(share, 0.1e18);
        _liquidationFeeShare = uint64(share);
        emit LiquidationFeeShareChanged(share);
    }

    function setKycManager(address kycManager_) external onlyAdmin {
        if (kycManager_ == address(0)) revert ZeroAddress();
        kycManager = IKycManager(kycManager_);
        emit KycManagerChanged(kycManager_);
    }

    function setFTXStaking(address ftxStaking_) external onlyAdmin {
        ftxStaking = IFTXStaking(ftxStaking_);
        emit FTXStakingChanged(ftxStaking_);
    }

    function setLiquidationRequiresKyc(bool required) external onlyAdmin {
        liquidationRequiresKyc = required;
        emit LiquidationRequiresKycChanged(required);
    }

    /// @return discounted `fee` less the FTX discount of `account`.
    function applyDiscount(address account, uint256 fee) external view returns (uint256 discounted) {
        if (address(ftxStaking) == address(0)) return fee;
        uint256 pct = ftxStaking.getDiscountPercentage(account);
        if (pct >= 100) return 0;
        return (fee * (100 - pct)) / 100;
    }
}
