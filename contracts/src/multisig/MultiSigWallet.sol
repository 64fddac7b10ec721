// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice The human admin of payd: a multi-signature wallet. Any owner submits a transaction
/// (destination, value, data); it runs once `required` owners have confirmed it. Owner changes,
/// the required count and locking the owner set are transactions of the wallet to itself, so they
/// need the same confirmations. Once the owners are locked they can never change again.
contract MultiSigWallet {
    struct Transaction {
        address destination;
        uint256 value;
        bytes data;
        bool executed;
    }

    uint256 public constant MAX_OWNER_COUNT = 50;

    mapping(uint256 => Transaction) public transactions;
    mapping(uint256 => mapping(address => bool)) public confirmations;
    mapping(address => bool) public isOwner;
    address[] private _owners;
    uint256 public required;
    uint256 public transactionCount;
    bool public ownersLocked;

    event Confirmation(address indexed sender, uint256 indexed transactionId);
    event Revocation(address indexed sender, uint256 indexed transactionId);
    event Submission(uint256 indexed transactionId);
    event Execution(uint256 indexed transactionId);
    event ExecutionFailure(uint256 indexed transactionId);
    event Deposit(address indexed sender, uint256 value);
    event OwnerAddition(address indexed owner);
    event OwnerRemoval(address indexed owner);
    event RequirementChange(uint256 required);
    event OwnersLocked();

    error OnlyWallet(address caller);
    error NotOwner(address account);
    error AlreadyOwner(address account);
    error ZeroAddress();
    error InvalidRequirement(uint256 ownerCount, uint256 required);
    error OwnersAreLocked();
    error NoSuchTransaction(uint256 transactionId);
    error AlreadyConfirmed(uint256 transactionId, address owner);
    error NotConfirmed(uint256 transactionId, address owner);
    error AlreadyExecuted(uint256 transactionId);

    modifier onlyWallet() {
        if (msg.sender != address(this)) revert OnlyWallet(msg.sender);
        _;
    }

    modifier onlyOwner() {
        if (!isOwner[msg.sender]) revert NotOwner(msg.sender);
        _;
    }

    modifier ownersUnlocked() {
        if (ownersLocked) revert OwnersAreLocked();
        _;
    }

    modifier notExecuted(uint256 transactionId) {
        if (transactions[transactionId].executed) revert AlreadyExecuted(transactionId);
        _;
    }

    constructor(address[] memory owners_, uint256 required_) {
        _checkRequirement(owners_.length, required_);
        for (uint256 i = 0; i < owners_.length; ++i) {
            address o = owners_[i];
            if (o == address(0)) revert ZeroAddress();
            if (isOwner[o]) revert AlreadyOwner(o);
            isOwner[o] = true;
            _owners.push(o);
            emit OwnerAddition(o);
        }
        required = required_;
        emit RequirementChange(required_);
    }

    receive() external payable {
        if (msg.value > 0) emit Deposit(msg.sender, msg.value);
    }

    // ---- owner administration (through the wallet's own transactions) ----

    function addOwner(address owner) external onlyWallet ownersUnlocked {
        if (owner == address(0)) revert ZeroAddress();
        if (isOwner[owner]) revert AlreadyOwner(owner);
        _checkRequirement(_owners.length + 1, required);
        isOwner[owner] = true;
        _owners.push(owner);
        emit OwnerAddition(owner);
    }

    /// @notice Removes an owner; if fewer owners than `required` remain, `required` follows them down.
    function removeOwner(address owner) external onlyWallet ownersUnlocked {
        if (!isOwner[owner]) revert NotOwner(owner);
        if (_owners.length == 1) revert InvalidRequirement(0, required);
        isOwner[owner] = false;
        uint256 last = _owners.length - 1;
        for (uint256 i = 0; i < last; ++i) {
            if (_owners[i] == owner) {
                _owners[i] = _owners[last];
                break;
            }
        }
        _owners.pop();
        emit OwnerRemoval(owner);
        if (required > _owners.length) {
            required = _owners.length;
            emit RequirementChange(required);
        }
    }

    function replaceOwner(address owner, address newOwner) external onlyWallet ownersUnlocked {
        if (!isOwner[owner]) revert NotOwner(owner);
        if (newOwner == address(0)) revert ZeroAddress();
        if (isOwner[newOwner]) revert AlreadyOwner(newOwner);
        for (uint256 i = 0; i < _owners.length; ++i) {
            if (_owners[i] == owner) {
                _owners[i] = newOwner;
                break;
            }
        }
        isOwner[owner] = false;
        isOwner[newOwner] = true;
        emit OwnerRemoval(owner);
        emit OwnerAddition(newOwner);
    }

    function changeRequirement(uint256 required_) external onlyWallet {
        _checkRequirement(_owners.length, required_);
        required = required_;
        emit RequirementChange(required_);
    }

    /// @notice Freezes the owner set for good (the required count can still change within it).
    function lockOwners() external onlyWallet ownersUnlocked {
        ownersLocked = true;
        emit OwnersLocked();
    }

    // ---- transactions ----

    /// @notice Records a transaction and confirms it for the sender (which runs it if one confirmation suffices).
    function submitTransaction(address destination, uint256 value, bytes calldata data)
        external
        onlyOwner
        returns (uint256 transactionId)
    {
        if (destination == address(0)) revert ZeroAddress();
        transactionId = transactionCount++;
        transactions[transactionId] = Transaction(destination, value, data, false);
        emit Submission(transactionId);
        _confirm(transactionId);
    }

    function confirmTransaction(uint256 transactionId) external onlyOwner {
        if (transactionId >= transactionCount) revert NoSuchTransaction(transactionId);
        _confirm(transactionId);
    }

    function revokeConfirmation(uint256 transactionId) external onlyOwner notExecuted(transactionId) {
        if (!confirmations[transactionId][msg.sender]) revert NotConfirmed(transactionId, msg.sender);
        confirmations[transactionId][msg.sender] = false;
        emit Revocation(msg.sender, transactionId);
    }

    /// @notice Runs a confirmed transaction; a failed call is reported by ExecutionFailure and can be retried.
    function executeTransaction(uint256 transactionId) public onlyOwner notExecuted(transactionId) {
        if (!confirmations[transactionId][msg.sender]) revert NotConfirmed(transactionId, msg.sender);
        if (!isConfirmed(transactionId)) return;
        Transaction storage t = transactions[transactionId];
        t.executed = true;
        (bool success,) = t.destination.call{value: t.value}(t.data);
        if (success) {
            emit Execution(transactionId);
        } else {
            t.executed = false;
            emit ExecutionFailure(transactionId);
        }
    }

    // ---- reads ----

    function isConfirmed(uint256 transactionId) public view returns (bool) {
        return getConfirmationCount(transactionId) >= required;
    }

    /// @return count confirmations by current owners
    function getConfirmationCount(uint256 transactionId) public view returns (uint256 count) {
        for (uint256 i = 0; i < _owners.length; ++i) {
            if (confirmations[transactionId][_owners[i]]) ++count;
        }
    }

    function getConfirmations(uint256 transactionId) external view returns (address[] memory confirmed) {
        address[] memory tmp = new address[](_owners.length);
        uint256 n = 0;
        for (uint256 i = 0; i < _owners.length; ++i) {
            if (confirmations[transactionId][_owners[i]]) tmp[n++] = _owners[i];
        }
        confirmed = new address[](n);
        for (uint256 i = 0; i < n; ++i) confirmed[i] = tmp[i];
    }

    function getOwners() external view returns (address[] memory) {
        return _owners;
    }

    /// @notice A transaction with its confirmation count, in one call.
    function getTransaction(uint256 transactionId)
        external
        view
        returns (address destination, uint256 value, bytes memory data, bool executed, uint256 confirmationCount)
    {
        Transaction storage t = transactions[transactionId];
        return (t.destination, t.value, t.data, t.executed, getConfirmationCount(transactionId));
    }

    function getTransactionCount(bool pending, bool executed) external view returns (uint256 count) {
        for (uint256 i = 0; i < transactionCount; ++i) {
            bool done = transactions[i].executed;
            if ((pending && !done) || (executed && done)) ++count;
        }
    }

    /// @return ids the ids in [from, to) that are pending and/or executed as asked
    function getTransactionIds(uint256 from, uint256 to, bool pending, bool executed)
        external
        view
        returns (uint256[] memory ids)
    {
        if (to > transactionCount) to = transactionCount;
        if (from >= to) return new uint256[](0);
        uint256[] memory tmp = new uint256[](to - from);
        uint256 n = 0;
        for (uint256 i = from; i < to; ++i) {
            bool done = transactions[i].executed;
            if ((pending && !done) || (executed && done)) tmp[n++] = i;
        }
        ids = new uint256[](n);
        for (uint256 i = 0; i < n; ++i) ids[i] = tmp[i];
    }

    function _confirm(uint256 transactionId) private notExecuted(transactionId) {
        if (confirmations[transactionId][msg.sender]) revert AlreadyConfirmed(transactionId, msg.sender);
        confirmations[transactionId][msg.sender] = true;
        emit Confirmation(msg.sender, transactionId);
        executeTransaction(transactionId);
    }

    function _checkRequirement(uint256 ownerCount, uint256 required_) private pure {
        if (ownerCount > MAX_OWNER_COUNT || required_ > ownerCount || required_ == 0 || ownerCount == 0) {
            revert InvalidRequirement(ownerCount, required_);
        }
    }
}
