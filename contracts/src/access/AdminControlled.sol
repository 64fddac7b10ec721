// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice The admin pair of every payd contract: a server admin (a key held by the payd server),
/// a human admin (the multi-signature wallet) and an owner. `transferAdmin` changes both admins
/// together; the owner can transfer or renounce ownership.
abstract contract AdminControlled {
    address public owner;
    address public serverAdmin;
    address public humanAdmin;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);
    event AdminTransferred(address indexed serverAdmin, address indexed humanAdmin);

    error NotOwner(address caller);
    error NotAdmin(address caller);
    error NotServerAdmin(address caller);
    error NotHumanAdmin(address caller);
    error ZeroAddress();

    constructor(address serverAdmin_, address humanAdmin_) {
        owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
        _setAdmins(serverAdmin_, humanAdmin_);
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    /// @dev Either admin, or the owner.
    modifier onlyAdmin() {
        if (msg.sender != serverAdmin && msg.sender != humanAdmin && msg.sender != owner) revert NotAdmin(msg.sender);
        _;
    }

    modifier onlyServerAdmin() {
        if (msg.sender != serverAdmin) revert NotServerAdmin(msg.sender);
        _;
    }

    modifier onlyHumanAdmin() {
        if (msg.sender != humanAdmin && msg.sender != owner) revert NotHumanAdmin(msg.sender);
        _;
    }

    function transferAdmin(address newServerAdmin, address newHumanAdmin) external onlyOwner {
        _setAdmins(newServerAdmin, newHumanAdmin);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(owner, address(0));
        owner = address(0);
    }

    function _setAdmins(address newServerAdmin, address newHumanAdmin) private {
        if (newServerAdmin == address(0) || newHumanAdmin == address(0)) revert ZeroAddress();
        serverAdmin = newServerAdmin;
        humanAdmin = newHumanAdmin;
        emit AdminTransferred(newServerAdmin, newHumanAdmin);
    }
}
