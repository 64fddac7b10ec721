// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {PoolBase} from "./PoolBase.sol";
import {ISortedCaches, ICacheManager} from "./LendingInterfaces.sol";

/// @notice Doubly linked list of the open caches, ordered by nominal collateral ratio from the highest
/// (head, `getFirst`) to the lowest (tail, `getLast`). Ratios are read from the cache manager (they
/// include pending redistribution, which never reorders caches). A write takes two hints (the
/// neighbours the caller expects); with good hints it costs the same whatever the list size. It logs
/// nothing: every insert and removal comes with the cache's own event (`CacheUpdated`,
/// `CacheLiquidated`), which carries the collateral and debt the ratio comes from. It keeps no size: every
/// listed cache is active and every active cache is listed, so the cache manager's owners count is the
/// size (a write then reads or writes no size slot: the list's only slots are the nodes, head and tail).
contract SortedCaches is PoolBase, ISortedCaches {
    struct Node {
        bool exists;
        address nextId; // towards the tail (lower ratio)
        address prevId; // towards the head (higher ratio)
    }

    /// @dev The two callers and the maximum never change: immutables (the deploy script computes the
    /// callers' addresses from its nonce), so a write reads no storage to check its caller.
    address public immutable borrowerOperations;
    ICacheManager public immutable cacheManager;
    uint256 internal immutable _maxSize;

    address public head;
    address public tail;
    mapping(address => Node) public nodes;

    error ListFull();
    error AlreadyInList(address id);
    error NotInList(address id);
    error ZeroId();
    error ZeroNICR();

    constructor(uint256 size_, address cacheManager_, address borrowerOperations_) {
        // a larger maximum than uint96 holds is no maximum at all
        _maxSize = size_ > type(uint96).max ? type(uint96).max : size_;
        cacheManager = ICacheManager(cacheManager_);
        borrowerOperations = borrowerOperations_;
    }

    modifier onlyProtocol() {
        if (msg.sender != borrowerOperations && msg.sender != address(cacheManager)) revert CallerNotAllowed(msg.sender);
        _;
    }

    function insert(address id, uint256 nicr, address prevId, address nextId) external onlyProtocol {
        _insert(id, nicr, prevId, nextId);
    }

    function remove(address id) external onlyProtocol {
        _remove(id);
    }

    /// @notice Removes the `count` lowest nodes in one pass from the tail (a batch liquidation closes
    /// consecutive caches from the tail). Only the new tail's link and the size are written once; a
    /// count beyond the size reverts NotInList(0).
    function removeLast(uint256 count) external onlyProtocol {
        address id = tail;
        for (uint256 i = 0; i < count; i++) {
            if (id == address(0)) revert NotInList(id);
            address prevId = nodes[id].prevId;
            delete nodes[id];
            id = prevId;
        }
        tail = id;
        if (id == address(0)) head = address(0);
        else nodes[id].nextId = address(0);
    }

    /// @notice Removes `lowest` and the `count - 1` nodes above it in one pass (a redemption closes
    /// consecutive caches, lowest first). Only the two nodes around the run are relinked and the size
    /// is written once; a run that leaves the list from the head reverts NotInList(0).
    function removeConsecutive(address lowest, uint256 count) external onlyProtocol {
        Node storage low = nodes[lowest];
        if (!low.exists) revert NotInList(lowest);
        address below = low.nextId;
        address id = lowest;
        for (uint256 i = 0; i < count; i++) {
            if (id == address(0)) revert NotInList(id);
            address prevId = nodes[id].prevId;
            delete nodes[id];
            id = prevId;
        }
        // `id` is the node above the run
        if (id == address(0)) head = below;
        else nodes[id].nextId = below;
        if (below == address(0)) tail = id;
        else nodes[below].prevId = id;
    }

    function reInsert(address id, uint256 newNicr, address prevId, address nextId) external onlyProtocol {
        Node storage node = nodes[id];
        if (!node.exists) revert NotInList(id);
        if (newNicr != 0 && _staysInPlace(id, node, newNicr, prevId, nextId)) return;
        _remove(id);
        // the cache was listed, so the list is not full
        _link(id, newNicr, prevId, nextId);
    }

    /// @dev True when removing the node and inserting it again would put it back where it is, so
    /// nothing needs writing: the new ratio lies strictly between its neighbours' ratios. The list is
    /// ordered, so that is then the only position whose ratios bracket the new one, and the insert
    /// finds it whatever the hints (equal ratios are left to the full path, where the hints place a
    /// tie). Tried only when the hints name the node or its neighbours, as a caller expecting the cache
    /// to stay in place sends them; other hints take the full path without reading the ratios here.
    function _staysInPlace(address id, Node storage node, uint256 nicr, address prevId, address nextId)
        internal
        view
        returns (bool)
    {
        address p = node.prevId;
        address n = node.nextId;
        if (prevId != p && prevId != id && prevId != n) return false;
        if (nextId != n && nextId != id && nextId != p) return false;
        if (p != address(0) && n != address(0)) {
            (uint256 prevNicr, uint256 nextNicr) = cacheManager.getNominalICRs(p, n);
            return prevNicr > nicr && nicr > nextNicr;
        }
        if (p != address(0)) return _nicr(p) > nicr;
        if (n != address(0)) return nicr > _nicr(n);
        return true;
    }

    /// @dev The cache manager has recorded the new cache before its insert, so its owners count
    /// includes it: the list is full when that count is beyond the maximum.
    function _insert(address id, uint256 nicr, address prevId, address nextId) internal {
        if (cacheManager.getCacheOwnersCount() > _maxSize) revert ListFull();
        _link(id, nicr, prevId, nextId);
    }

    function _link(address id, uint256 nicr, address prevId, address nextId) internal {
        if (nodes[id].exists) revert AlreadyInList(id);
        if (id == address(0)) revert ZeroId();
        if (nicr == 0) revert ZeroNICR();
        if (!_validInsertPosition(nicr, prevId, nextId)) {
            (prevId, nextId) = _findInsertPosition(nicr, prevId, nextId);
        }
        nodes[id] = Node({exists: true, nextId: nextId, prevId: prevId});
        if (prevId == address(0)) head = id;
        else nodes[prevId].nextId = id;
        if (nextId == address(0)) tail = id;
        else nodes[nextId].prevId = id;
    }

    function _remove(address id) internal {
        Node storage node = nodes[id];
        if (!node.exists) revert NotInList(id);
        address prevId = node.prevId;
        address nextId = node.nextId;
        if (prevId == address(0)) head = nextId;
        else nodes[prevId].nextId = nextId;
        if (nextId == address(0)) tail = prevId;
        else nodes[nextId].prevId = prevId;
        delete nodes[id];
    }

    function contains(address id) external view returns (bool) {
        return nodes[id].exists;
    }

    function isFull() external view returns (bool) {
        return _size() >= _maxSize;
    }

    function isEmpty() external view returns (bool) {
        return head == address(0);
    }

    function size() external view returns (uint256) {
        return _size();
    }

    function maxSize() external view returns (uint256) {
        return _maxSize;
    }

    function getSize() external view returns (uint256) {
        return _size();
    }

    function _size() internal view returns (uint256) {
        return cacheManager.getCacheOwnersCount();
    }

    function getMaxSize() external view returns (uint256) {
        return _maxSize;
    }

    function getFirst() external view returns (address) {
        return head;
    }

    function getLast() external view returns (address) {
        return tail;
    }

    function getNext(address id) external view returns (address) {
        return nodes[id].nextId;
    }

    function getPrev(address id) external view returns (address) {
        return nodes[id].prevId;
    }

    function validInsertPosition(uint256 nicr, address prevId, address nextId) external view returns (bool) {
        return _validInsertPosition(nicr, prevId, nextId);
    }

    function findInsertPosition(uint256 nicr, address prevId, address nextId)
        external
        view
        returns (address, address)
    {
        return _findInsertPosition(nicr, prevId, nextId);
    }

    function _nicr(address id) internal view returns (uint256) {
        return cacheManager.getNominalICR(id);
    }

    /// @dev (prev, next) is valid when prev's ratio >= nicr >= next's ratio and they are adjacent.
    function _validInsertPosition(uint256 nicr, address prevId, address nextId) internal view returns (bool) {
        if (prevId == address(0) && nextId == address(0)) return head == address(0);
        if (prevId == address(0)) return head == nextId && nicr >= _nicr(nextId);
        if (nextId == address(0)) return tail == prevId && nicr <= _nicr(prevId);
        if (nodes[prevId].nextId != nextId) return false;
        (uint256 prevNicr, uint256 nextNicr) = cacheManager.getNominalICRs(prevId, nextId);
        return prevNicr >= nicr && nicr >= nextNicr;
    }

    function _descendList(uint256 nicr, address startId) internal view returns (address, address) {
        if (head == startId && nicr >= _nicr(startId)) return (address(0), startId);
        address prevId = startId;
        address nextId = nodes[prevId].nextId;
        while (prevId != address(0) && !_validInsertPosition(nicr, prevId, nextId)) {
            prevId = nodes[prevId].nextId;
            nextId = nodes[prevId].nextId;
        }
        return (prevId, nextId);
    }

    function _ascendList(uint256 nicr, address startId) internal view returns (address, address) {
        if (tail == startId && nicr <= _nicr(startId)) return (startId, address(0));
        address nextId = startId;
        address prevId = nodes[nextId].prevId;
        while (nextId != address(0) && !_validInsertPosition(nicr, prevId, nextId)) {
            nextId = nodes[nextId].prevId;
            prevId = nodes[nextId].prevId;
        }
        return (prevId, nextId);
    }

    /// @dev Repairs stale hints: a hint that left the list or sits on the wrong side is dropped, then
    /// the search walks from the remaining hint (or from the head when none is left).
    function _findInsertPosition(uint256 nicr, address prevId, address nextId)
        internal
        view
        returns (address, address)
    {
        if (prevId != address(0) && (!nodes[prevId].exists || nicr > _nicr(prevId))) prevId = address(0);
        if (nextId != address(0) && (!nodes[nextId].exists || nicr < _nicr(nextId))) nextId = address(0);
        if (prevId == address(0) && nextId == address(0)) return _descendList(nicr, head);
        if (prevId == address(0)) return _ascendList(nicr, nextId);
        if (nextId == address(0)) return _descendList(nicr, prevId);
        return _descendList(nicr, prevId);
    }
}
