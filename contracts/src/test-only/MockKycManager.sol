// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IKycManager} from "../interfaces/IKycManager.sol";

/// @notice TEST ONLY. A KYC manager whose answers a test sets directly: per-address status (Approved
/// passes every check) and a per-check denial, so that tests can deny one permission at a time.
/// Deployments use the real KycManager (src/access).
contract MockKycManager is IKycManager {
    mapping(address => Status) public statusOf;
    mapping(bytes32 => bool) public denied;
    bool public paused;

    function setStatus(address account, Status status) external {
        statusOf[account] = status;
    }

    function setDenied(string calldata check, bool isDenied) external {
        denied[keccak256(bytes(check))] = isDenied;
    }

    function setPaused(bool isPaused) external {
        paused = isPaused;
    }

    function _can(address account, string memory check) internal view returns (bool) {
        return !paused && !denied[keccak256(bytes(check))] && statusOf[account] == Status.Approved;
    }

    function canOpen(address a) external view returns (bool) {
        return _can(a, "canOpen");
    }

    function canAdjust(address a) external view returns (bool) {
        return _can(a, "canAdjust");
    }

    function canRedeem(address a) external view returns (bool) {
        return _can(a, "canRedeem");
    }

    function canProvideToSP(address a) external view returns (bool) {
        return _can(a, "canProvideToSP");
    }

    function canWithdraw(address a) external view returns (bool) {
        return _can(a, "canWithdraw");
    }

    function canStakeFTX(address a) external view returns (bool) {
        return _can(a, "canStakeFTX");
    }

    function canDepositFETH(address a) external view returns (bool) {
        return _can(a, "canDepositFETH");
    }

    function canClaimColl(address a) external view returns (bool) {
        return _can(a, "canClaimColl");
    }

    function canLiquidate(address a) external view returns (bool) {
        return _can(a, "canLiquidate");
    }
}
