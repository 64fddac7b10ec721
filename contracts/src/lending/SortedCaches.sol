// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {PoolBase} from "./PoolBase.sol";
import {ISortedCaches, ICacheManager} from "./LendingInterfaces.sol";

/// @notice Doubly linked list of the open caches, ordered by nominal collateral ratio from the highest
/// (head, `getFirst`) to the lowest (tail, `getLast`), and the owners array behind it. Ratios are read
/// from the cache manager (they include pending redistribution, which never reorders caches). A write
/// takes two hints (the neighbours the caller expects); with good hints it costs the same whatever the
/// list size. It logs nothing: every insert and removal comes with the cache's own event
/// (`CacheUpdated`, `CacheLiquidated`, `CacheIndexUpdated`).
///
/// One slot per open cache: entry `id` (the cache's place in the owners array, its record's
/// `arrayIndex`) holds the owner (bits 0-159) and its two neighbours as id + 1 (bits 160-207 towards the
/// tail, 208-255 towards the head; 0: none). A cache keeps its id while it is open; closing the highest
/// id pops it, closing another frees it (a free entry has no owner and holds the next free id + 1 in
/// bits 160-207) and the next insert takes the most recently freed id. One header slot, written once
/// per write: the ids handed out (the array's length, free ids included), the last freed id + 1, the
/// open caches, and the head's and tail's ids + 1 (48 bits each: far beyond any number of caches).
/// Writes come from the cache manager with the cache's id (it keeps it in the record); the
/// address-based reads find an owner's id through the cache manager (`getCacheArrayIndex`).
contract SortedCaches is PoolBase, ISortedCaches {
    uint256 internal constant MASK48 = (1 << 48) - 1;
    uint256 internal constant NEXT_SHIFT = 160;
    uint256 internal constant PREV_SHIFT = 208;

    /// @dev The one writer (the cache manager) and the maximum never change: immutables (the deploy
    /// script computes the cache manager's address from its nonce), so a write reads no storage to
    /// check its caller.
    ICacheManager public immutable cacheManager;
    uint256 internal immutable _maxSize;

    mapping(uint256 => uint256) internal _entries;
    uint256 internal _header;

    /// @dev The header, unpacked; positions are id + 1 (0: none).
    struct Header {
        uint256 ids;
        uint256 free;
        uint256 count;
        uint256 head;
        uint256 tail;
    }

    error ListFull();
    error NotInList(address id);
    error ZeroId();
    error ZeroNICR();

    constructor(uint256 size_, address cacheManager_) {
        // a larger maximum than 48 bits count is no maximum at all
        _maxSize = size_ > MASK48 ? MASK48 : size_;
        cacheManager = ICacheManager(cacheManager_);
    }

    modifier onlyProtocol() {
        if (msg.sender != address(cacheManager)) revert CallerNotAllowed(msg.sender);
        _;
    }

    // --- Writes (the cache manager) ---

    /// @notice Lists `owner` at its ratio `nicr` between the hinted neighbours (or where the ratio
    /// belongs when the hints are stale) and gives it an id: the most recently freed one, else a new one.
    function insert(address owner, uint256 nicr, address prevId, address nextId)
        external
        onlyProtocol
        returns (uint256 id)
    {
        if (owner == address(0)) revert ZeroId();
        if (nicr == 0) revert ZeroNICR();
        Header memory h = _readHeader();
        if (h.count >= _maxSize) revert ListFull();
        (uint256 prev, uint256 next) = _position(h, nicr, prevId, nextId, 0);
        uint256 p;
        if (h.free != 0) {
            p = h.free;
            h.free = (_entries[p - 1] >> NEXT_SHIFT) & MASK48;
        } else {
            p = ++h.ids;
        }
        _link(h, p, owner, prev, next);
        h.count++;
        _writeHeader(h);
        return p - 1;
    }

    /// @notice Removes the open cache `owner` with id `id`; its id is popped or freed.
    /// @return left the caches still listed (the cache manager refuses to close the last one)
    function remove(address owner, uint256 id) external onlyProtocol returns (uint256 left) {
        uint256 e = _entryOf(owner, id);
        Header memory h = _readHeader();
        _unlink(h, e);
        _free(h, id + 1);
        left = --h.count;
        _writeHeader(h);
    }

    /// @notice Moves `owner` (id `id`) to its new ratio; nothing is written when it stays in place.
    function reInsert(address owner, uint256 id, uint256 newNicr, address prevId, address nextId)
        external
        onlyProtocol
    {
        uint256 e = _entryOf(owner, id);
        if (newNicr != 0 && _staysInPlace(owner, e, newNicr, prevId, nextId)) return;
        if (newNicr == 0) revert ZeroNICR();
        Header memory h = _readHeader();
        _unlink(h, e);
        // the moved entry keeps its owner bits: the search takes it as not listed
        (uint256 prev, uint256 next) = _position(h, newNicr, prevId, nextId, id + 1);
        _link(h, id + 1, owner, prev, next);
        _writeHeader(h);
    }

    /// @notice Removes the `count` lowest caches in one pass from the tail (a batch liquidation closes
    /// consecutive caches from the tail); the header and the new tail's link are written once. A count
    /// beyond the size reverts NotInList(0).
    function removeLast(uint256 count) external onlyProtocol returns (uint256 left) {
        Header memory h = _readHeader();
        if (count > h.count) revert NotInList(address(0));
        uint256 p = h.tail;
        for (uint256 i = 0; i < count; i++) {
            uint256 above = _entries[p - 1] >> PREV_SHIFT;
            _free(h, p);
            p = above;
        }
        h.tail = p;
        if (p == 0) h.head = 0;
        else if (count != 0) _setNext(p, 0);
        left = h.count -= count;
        _writeHeader(h);
    }

    /// @notice Removes `lowest` (id `lowestId`) and the `count - 1` caches above it in one pass (a
    /// redemption closes consecutive caches, lowest first): only the two entries around the run are
    /// relinked. A run that leaves the list from the head reverts NotInList(0).
    function removeConsecutive(address lowest, uint256 lowestId, uint256 count)
        external
        onlyProtocol
        returns (uint256 left)
    {
        uint256 e = _entryOf(lowest, lowestId);
        Header memory h = _readHeader();
        uint256 below = (e >> NEXT_SHIFT) & MASK48;
        uint256 p = lowestId + 1;
        for (uint256 i = 0; i < count; i++) {
            if (p == 0) revert NotInList(address(0));
            uint256 above = _entries[p - 1] >> PREV_SHIFT;
            _free(h, p);
            p = above;
        }
        // `p` is the entry above the run
        if (p == 0) h.head = below;
        else _setNext(p, below);
        if (below == 0) h.tail = p;
        else _setPrev(below, p);
        left = h.count -= count;
        _writeHeader(h);
    }

    // --- Reads by id (the cache manager's loops) ---

    /// @notice The owner of the open cache with this id; zero for a free id; reverts (Panic 0x32)
    /// beyond the owners array's length.
    function getOwner(uint256 id) public view returns (address) {
        if (id >= _header & MASK48) {
            // solhint-disable-next-line no-inline-assembly
            assembly {
                mstore(0x00, shl(224, 0x4e487b71))
                mstore(0x04, 0x32)
                revert(0x00, 0x24)
            }
        }
        return address(uint160(_entries[id]));
    }

    /// @notice The owners array's length: the ids handed out, free ones included.
    function getIdCount() external view returns (uint256) {
        return _header & MASK48;
    }

    /// @notice The lowest cache and its id (zero and 0 when the list is empty).
    function getLastWithId() external view returns (address owner, uint256 id) {
        uint256 p = (_header >> 192) & MASK48;
        return p == 0 ? (address(0), 0) : (address(uint160(_entries[p - 1])), p - 1);
    }

    /// @notice The cache above the one with id `id`, and its id (zero and 0 at the head).
    function getPrevWithId(uint256 id) external view returns (address owner, uint256 prevId) {
        uint256 p = _entries[id] >> PREV_SHIFT;
        return p == 0 ? (address(0), 0) : (address(uint160(_entries[p - 1])), p - 1);
    }

    /// @notice Whether `owner` is listed with id `id`, and its neighbours below and above (with the
    /// one above's id): one read for a redemption's first hint.
    function getEntry(address owner, uint256 id)
        external
        view
        returns (bool exists, address below, address above, uint256 aboveId)
    {
        uint256 e = _entries[id];
        if (owner == address(0) || address(uint160(e)) != owner) return (false, address(0), address(0), 0);
        uint256 n = (e >> NEXT_SHIFT) & MASK48;
        uint256 p = e >> PREV_SHIFT;
        below = n == 0 ? address(0) : _ownerAt(n);
        if (p != 0) (above, aboveId) = (_ownerAt(p), p - 1);
        return (true, below, above, aboveId);
    }

    // --- Reads by address ---

    function contains(address id) external view returns (bool) {
        return _positionOf(id, 0) != 0;
    }

    /// @notice Whether `id` is listed, and its neighbours towards the tail and towards the head.
    function nodes(address id) external view returns (bool exists, address nextId, address prevId) {
        uint256 p = _positionOf(id, 0);
        if (p == 0) return (false, address(0), address(0));
        uint256 e = _entries[p - 1];
        return (true, _ownerAt((e >> NEXT_SHIFT) & MASK48), _ownerAt(e >> PREV_SHIFT));
    }

    function isFull() external view returns (bool) {
        return _count() >= _maxSize;
    }

    function isEmpty() external view returns (bool) {
        return (_header >> 144) & MASK48 == 0;
    }

    function size() external view returns (uint256) {
        return _count();
    }

    function maxSize() external view returns (uint256) {
        return _maxSize;
    }

    function getSize() external view returns (uint256) {
        return _count();
    }

    function getMaxSize() external view returns (uint256) {
        return _maxSize;
    }

    function getFirst() external view returns (address) {
        return _ownerAt((_header >> 144) & MASK48);
    }

    function getLast() external view returns (address) {
        return _ownerAt((_header >> 192) & MASK48);
    }

    function getNext(address id) external view returns (address) {
        uint256 p = _positionOf(id, 0);
        return p == 0 ? address(0) : _ownerAt((_entries[p - 1] >> NEXT_SHIFT) & MASK48);
    }

    function getPrev(address id) external view returns (address) {
        uint256 p = _positionOf(id, 0);
        return p == 0 ? address(0) : _ownerAt(_entries[p - 1] >> PREV_SHIFT);
    }

    function validInsertPosition(uint256 nicr, address prevId, address nextId) external view returns (bool valid) {
        (valid,,) = _validHints(_readHeader(), nicr, prevId, nextId, 0);
    }

    function findInsertPosition(uint256 nicr, address prevId, address nextId)
        external
        view
        returns (address, address)
    {
        (uint256 prev, uint256 next) = _findPosition(_readHeader(), nicr, prevId, nextId, 0);
        return (_ownerAt(prev), _ownerAt(next));
    }

    // --- Internals ---

    function _count() internal view returns (uint256) {
        return (_header >> 96) & MASK48;
    }

    function _readHeader() internal view returns (Header memory h) {
        uint256 x = _header;
        return Header(x & MASK48, (x >> 48) & MASK48, (x >> 96) & MASK48, (x >> 144) & MASK48, (x >> 192) & MASK48);
    }

    function _writeHeader(Header memory h) internal {
        _header = h.ids | (h.free << 48) | (h.count << 96) | (h.head << 144) | (h.tail << 192);
    }

    function _ownerAt(uint256 p) internal view returns (address) {
        return p == 0 ? address(0) : address(uint160(_entries[p - 1]));
    }

    /// @dev The entry of `owner` at id `id`, which must be its own.
    function _entryOf(address owner, uint256 id) internal view returns (uint256 e) {
        e = _entries[id];
        if (owner == address(0) || address(uint160(e)) != owner) revert NotInList(owner);
    }

    /// @dev `id`'s position (id + 1) when it is listed, else 0; position `skip` (an entry being moved)
    /// counts as not listed.
    function _positionOf(address id, uint256 skip) internal view returns (uint256) {
        if (id == address(0)) return 0;
        uint256 index = cacheManager.getCacheArrayIndex(id);
        return address(uint160(_entries[index])) == id && index + 1 != skip ? index + 1 : 0;
    }

    function _nicr(uint256 p) internal view returns (uint256) {
        return cacheManager.getNominalICR(_ownerAt(p));
    }

    function _setNext(uint256 p, uint256 next) internal {
        uint256 e = _entries[p - 1];
        _entries[p - 1] = (e & ~(MASK48 << NEXT_SHIFT)) | (next << NEXT_SHIFT);
    }

    function _setPrev(uint256 p, uint256 prev) internal {
        uint256 e = _entries[p - 1];
        _entries[p - 1] = (e & ~(MASK48 << PREV_SHIFT)) | (prev << PREV_SHIFT);
    }

    /// @dev Writes entry `p` between `prev` and `next` and points them (or the head and tail) at it.
    function _link(Header memory h, uint256 p, address owner, uint256 prev, uint256 next) internal {
        _entries[p - 1] = uint256(uint160(owner)) | (next << NEXT_SHIFT) | (prev << PREV_SHIFT);
        if (prev == 0) h.head = p;
        else _setNext(prev, p);
        if (next == 0) h.tail = p;
        else _setPrev(next, p);
    }

    /// @dev Points entry `e`'s neighbours (or the head and tail) at each other.
    function _unlink(Header memory h, uint256 e) internal {
        uint256 prev = e >> PREV_SHIFT;
        uint256 next = (e >> NEXT_SHIFT) & MASK48;
        if (prev == 0) h.head = next;
        else _setNext(prev, next);
        if (next == 0) h.tail = prev;
        else _setPrev(next, prev);
    }

    /// @dev Pops the highest id, else links `p` into the free list (its owner bits zero).
    function _free(Header memory h, uint256 p) internal {
        if (p == h.ids) {
            delete _entries[p - 1];
            h.ids = p - 1;
        } else {
            _entries[p - 1] = h.free << NEXT_SHIFT;
            h.free = p;
        }
    }

    /// @dev True when the new ratio lies strictly between its neighbours' ratios, so that removing and
    /// inserting it again would put it back where it is: nothing needs writing. The list is ordered, so
    /// that is then the only position whose ratios bracket the new one, and the insert finds it
    /// whatever the hints (equal ratios are left to the full path, where the hints place a tie). Tried
    /// only when the hints name the cache or its neighbours, as a caller expecting it to stay in place
    /// sends them; other hints take the full path without reading the ratios here.
    function _staysInPlace(address owner, uint256 e, uint256 nicr, address prevId, address nextId)
        internal
        view
        returns (bool)
    {
        address p = _ownerAt(e >> PREV_SHIFT);
        address n = _ownerAt((e >> NEXT_SHIFT) & MASK48);
        if (prevId != p && prevId != owner && prevId != n) return false;
        if (nextId != n && nextId != owner && nextId != p) return false;
        if (p != address(0) && n != address(0)) {
            (uint256 prevNicr, uint256 nextNicr) = cacheManager.getNominalICRs(p, n);
            return prevNicr > nicr && nicr > nextNicr;
        }
        if (p != address(0)) return cacheManager.getNominalICR(p) > nicr;
        if (n != address(0)) return nicr > cacheManager.getNominalICR(n);
        return true;
    }

    /// @dev Where a cache at `nicr` goes: between the hints when they are valid, else where a search
    /// from the usable hint (or the head) finds. `skip`: the position of an entry being moved (unlinked,
    /// its owner bits kept), which a hint naming it does not count as listed.
    function _position(Header memory h, uint256 nicr, address prevId, address nextId, uint256 skip)
        internal
        view
        returns (uint256, uint256)
    {
        (bool valid, uint256 prev, uint256 next) = _validHints(h, nicr, prevId, nextId, skip);
        if (valid) return (prev, next);
        return _findPosition(h, nicr, prevId, nextId, skip);
    }

    /// @dev (prevId, nextId) is valid when both are listed and adjacent (or the head, the tail, or an
    /// empty list's ends) and prev's ratio >= nicr >= next's ratio. The cache manager answers each
    /// hint's ratio and id in one call.
    function _validHints(Header memory h, uint256 nicr, address prevId, address nextId, uint256 skip)
        internal
        view
        returns (bool, uint256, uint256)
    {
        if (prevId == address(0) && nextId == address(0)) return (h.head == 0, 0, 0);
        if (prevId == address(0)) {
            (uint256 nextNicr, uint256 nextIndex) = cacheManager.getNominalICRAndIndex(nextId);
            uint256 next = nextIndex + 1;
            return (h.head == next && next != skip && _ownerAt(next) == nextId && nicr >= nextNicr, 0, next);
        }
        if (nextId == address(0)) {
            (uint256 prevNicr, uint256 prevIndex) = cacheManager.getNominalICRAndIndex(prevId);
            uint256 prev = prevIndex + 1;
            return (h.tail == prev && prev != skip && _ownerAt(prev) == prevId && nicr <= prevNicr, prev, 0);
        }
        (uint256 pNicr, uint256 nNicr, uint256 pIndex, uint256 nIndex) =
            cacheManager.getNominalICRsAndIndexes(prevId, nextId);
        uint256 e = _entries[pIndex];
        bool adjacent = address(uint160(e)) == prevId && (e >> NEXT_SHIFT) & MASK48 == nIndex + 1
            && address(uint160(_entries[nIndex])) == nextId && pIndex + 1 != skip && nIndex + 1 != skip;
        return (adjacent && pNicr >= nicr && nicr >= nNicr, pIndex + 1, nIndex + 1);
    }

    /// @dev The same check for positions already known to be listed (a search's steps).
    function _validAt(Header memory h, uint256 nicr, uint256 prev, uint256 next) internal view returns (bool) {
        if (prev == 0 && next == 0) return h.head == 0;
        if (prev == 0) return h.head == next && nicr >= _nicr(next);
        if (next == 0) return h.tail == prev && nicr <= _nicr(prev);
        if ((_entries[prev - 1] >> NEXT_SHIFT) & MASK48 != next) return false;
        (uint256 prevNicr, uint256 nextNicr) = cacheManager.getNominalICRs(_ownerAt(prev), _ownerAt(next));
        return prevNicr >= nicr && nicr >= nextNicr;
    }

    function _descend(Header memory h, uint256 nicr, uint256 start) internal view returns (uint256, uint256) {
        if (start == 0) return (0, 0);
        if (h.head == start && nicr >= _nicr(start)) return (0, start);
        uint256 prev = start;
        uint256 next = (_entries[prev - 1] >> NEXT_SHIFT) & MASK48;
        while (prev != 0 && !_validAt(h, nicr, prev, next)) {
            prev = next;
            next = prev == 0 ? 0 : (_entries[prev - 1] >> NEXT_SHIFT) & MASK48;
        }
        return (prev, next);
    }

    function _ascend(Header memory h, uint256 nicr, uint256 start) internal view returns (uint256, uint256) {
        if (h.tail == start && nicr <= _nicr(start)) return (start, 0);
        uint256 next = start;
        uint256 prev = _entries[next - 1] >> PREV_SHIFT;
        while (next != 0 && !_validAt(h, nicr, prev, next)) {
            next = prev;
            prev = next == 0 ? 0 : _entries[next - 1] >> PREV_SHIFT;
        }
        return (prev, next);
    }

    /// @dev Repairs stale hints: a hint that left the list or sits on the wrong side is dropped, then
    /// the search walks from the remaining hint (or from the head when none is left).
    function _findPosition(Header memory h, uint256 nicr, address prevId, address nextId, uint256 skip)
        internal
        view
        returns (uint256, uint256)
    {
        uint256 prev = _positionOf(prevId, skip);
        if (prev != 0 && nicr > _nicr(prev)) prev = 0;
        uint256 next = _positionOf(nextId, skip);
        if (next != 0 && nicr < _nicr(next)) next = 0;
        if (prev == 0 && next == 0) return _descend(h, nicr, h.head);
        if (prev == 0) return _ascend(h, nicr, next);
        return _descend(h, nicr, prev);
    }
}
