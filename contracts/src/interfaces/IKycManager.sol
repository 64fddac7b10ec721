// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Permission checks of the KYC manager. Each is true when the manager is not paused and
/// the address is Approved (design/protocol.md, 'Access control').
interface IKycManager {
    enum Status {
        None,
        Pending,
        Approved,
        Suspended,
        Closed
    }

    function canOpen(address account) external view returns (bool);
    function canAdjust(address account) external view returns (bool);
    function canRedeem(address account) external view returns (bool);
    function canProvideToSP(address account) external view returns (bool);
    function canWithdraw(address account) external view returns (bool);
    function canStakeFTX(address account) external view returns (bool);
    function canDepositFETH(address account) external view returns (bool);
    function canClaimColl(address account) external view returns (bool);
    function canLiquidate(address account) external view returns (bool);
}
