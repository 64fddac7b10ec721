// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SortedCachesFiller} from "./SortedCachesFiller.sol";

/// @notice TEST ONLY (list property tests). A SortedCachesFiller that also moves an entry, so a test
/// can compare `reInsert` with a removal and an insert (a contract of its own: a new function in the
/// filler changes the gas the benchmark measures around the filler's insert call).
contract SortedCachesMover is SortedCachesFiller {
    /// @notice Gives `id` the ratio `nicr` and moves it with `reInsert`, or with `remove` then `insert`
    /// (what `reInsert` did before it left an entry that stays in place untouched).
    function reInsertWithHints(address id, uint256 nicr, address prevId, address nextId, bool removeThenInsert)
        external
    {
        nicrOf[id] = nicr;
        if (removeThenInsert) {
            list.remove(id, getCacheArrayIndex[id]);
            getCacheArrayIndex[id] = list.insert(id, nicr, prevId, nextId);
        } else {
            list.reInsert(id, getCacheArrayIndex[id], nicr, prevId, nextId);
        }
    }

    /// @notice Removes `lowest` and the `count - 1` entries above it with `removeConsecutive`, or one
    /// by one with `remove` (what a redemption did before it removed its closed caches in one call).
    function removeRun(address lowest, uint256 count, bool oneByOne) external {
        if (!oneByOne) {
            list.removeConsecutive(lowest, getCacheArrayIndex[lowest], count);
            return;
        }
        address id = lowest;
        for (uint256 i = 0; i < count; i++) {
            address above = list.getPrev(id);
            list.remove(id, getCacheArrayIndex[id]);
            id = above;
        }
    }
}
