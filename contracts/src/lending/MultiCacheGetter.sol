// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ISortedCaches, ICacheManager} from "./LendingInterfaces.sol";

/// @notice Pages through the sorted caches in one call, for the data layer's cache lists.
contract MultiCacheGetter {
    struct CombinedCacheData {
        address owner;
        uint256 debt;
        uint256 coll;
        uint256 stake;
        uint256 snapshotETH;
        uint256 snapshotPAYDDebt;
    }

    ICacheManager public immutable cacheManager;
    ISortedCaches public immutable sortedCaches;

    constructor(address cacheManager_, address sortedCaches_) {
        cacheManager = ICacheManager(cacheManager_);
        sortedCaches = ISortedCaches(sortedCaches_);
    }

    /// @notice Up to count caches. startIdx >= 0 counts from the head (highest ratio) down; a negative
    /// startIdx counts from the tail (-1 is the lowest ratio) up.
    function getMultipleSortedCaches(int256 startIdx, uint256 count)
        external
        view
        returns (CombinedCacheData[] memory caches)
    {
        bool descend = startIdx >= 0;
        uint256 idx = descend ? uint256(startIdx) : uint256(-(startIdx + 1));
        uint256 size = sortedCaches.getSize();
        if (idx >= size) return new CombinedCacheData[](0);
        if (count > size - idx) count = size - idx;
        caches = new CombinedCacheData[](count);
        address current = descend ? sortedCaches.getFirst() : sortedCaches.getLast();
        for (uint256 i = 0; i < idx; i++) {
            current = descend ? sortedCaches.getNext(current) : sortedCaches.getPrev(current);
        }
        for (uint256 i = 0; i < count; i++) {
            CombinedCacheData memory row = caches[i];
            row.owner = current;
            (row.debt, row.coll, row.stake,,) = cacheManager.Caches(current);
            (row.snapshotETH, row.snapshotPAYDDebt) = cacheManager.rewardSnapshots(current);
            current = descend ? sortedCaches.getNext(current) : sortedCaches.getPrev(current);
        }
    }
}
