// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AdminControlled} from "./AdminControlled.sol";
import {IKycManager} from "../interfaces/IKycManager.sol";

/// @notice On-chain KYC record of each customer address. The payd server (server admin) marks an
/// address Approved once the customer's KYC passed and their wallet is registered, and Closed when
/// the account is terminated. Every permission check is true iff the manager is not paused and the
/// address is Approved (design/protocol.md, 'Access control').
contract KycManager is AdminControlled, IKycManager {
    struct Customer {
        /// block timestamp of the last status change; 0 for an address never seen
        uint64 updated;
        Status status;
    }

    mapping(address => Customer) private _customers;
    bool public paused;

    event CustomerStatusChanged(address indexed account, Status previousStatus, Status status, uint256 updated);
    event Paused(address indexed by);
    event Unpaused(address indexed by);

    error LengthMismatch(uint256 accounts, uint256 statuses);
    error AlreadyPaused();
    error NotPaused();
    error AccountClosed(address account);

    constructor(address serverAdmin_, address humanAdmin_) AdminControlled(serverAdmin_, humanAdmin_) {}

    /// @return updated timestamp of the last status change, status the current status
    function customers(address account) external view returns (uint64 updated, Status status) {
        Customer storage c = _customers[account];
        return (c.updated, c.status);
    }

    function statusOf(address account) external view returns (Status) {
        return _customers[account].status;
    }

    function setStatus(address account, Status status) external onlyAdmin {
        _setStatus(account, status);
    }

    function setStatuses(address[] calldata accounts, Status[] calldata statuses) external onlyAdmin {
        if (accounts.length != statuses.length) revert LengthMismatch(accounts.length, statuses.length);
        for (uint256 i = 0; i < accounts.length; ++i) _setStatus(accounts[i], statuses[i]);
    }

    /// @notice Marks a customer account Closed. An admin may close any account; a customer may close
    /// their own (that only ever removes permissions).
    function closeAccount(address account) external {
        if (msg.sender != account && msg.sender != serverAdmin && msg.sender != humanAdmin && msg.sender != owner) {
            revert NotAdmin(msg.sender);
        }
        if (_customers[account].status == Status.Closed) revert AccountClosed(account);
        _setStatus(account, Status.Closed);
    }

    function pause() external onlyAdmin {
        if (paused) revert AlreadyPaused();
        paused = true;
        emit Paused(msg.sender);
    }

    function unpause() external onlyAdmin {
        if (!paused) revert NotPaused();
        paused = false;
        emit Unpaused(msg.sender);
    }

    function isApproved(address account) public view returns (bool) {
        return !paused && _customers[account].status == Status.Approved;
    }

    function canOpen(address account) external view returns (bool) {
        return isApproved(account);
    }

    function canAdjust(address account) external view returns (bool) {
        return isApproved(account);
    }

    function canRedeem(address account) external view returns (bool) {
        return isApproved(account);
    }

    function canProvideToSP(address account) external view returns (bool) {
        return isApproved(account);
    }

    function canWithdraw(address account) external view returns (bool) {
        return isApproved(account);
    }

    function canStakeFTX(address account) external view returns (bool) {
        return isApproved(account);
    }

    function canDepositFETH(address account) external view returns (bool) {
        return isApproved(account);
    }

    function canClaimColl(address account) external view returns (bool) {
        return isApproved(account);
    }

    function canLiquidate(address account) external view returns (bool) {
        return isApproved(account);
    }

    function _setStatus(address account, Status status) private {
        if (account == address(0)) revert ZeroAddress();
        Customer storage c = _customers[account];
        Status previous = c.status;
        c.status = status;
        c.updated = uint64(block.timestamp);
        emit CustomerStatusChanged(account, previous, status, block.timestamp);
    }
}
