// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SortedCaches} from "../lending/SortedCaches.sol";

/// @notice TEST ONLY (gas benchmark). Plays both the ratio source and the borrower operations of its own
/// SortedCaches, so that a benchmark can fill the list with thousands of entries in a few transactions
/// and then measure one insert with exact hints. Like the cache manager, it keeps each entry's id (the
/// list's answer to an insert) where the list asks for it.
contract SortedCachesFiller {
    SortedCaches public immutable list;
    mapping(address => uint256) public nicrOf;
    mapping(address => uint256) public getCacheArrayIndex;
    uint256 public filled;
    uint256 public lastInsertGas;

    constructor() {
        list = new SortedCaches(type(uint256).max, address(this));
    }

    function getNominalICR(address id) external view returns (uint256) {
        return nicrOf[id];
    }

    function getNominalICRs(address a, address b) external view returns (uint256, uint256) {
        return (nicrOf[a], nicrOf[b]);
    }

    function getNominalICRAndIndex(address id) external view returns (uint256, uint256) {
        return (nicrOf[id], getCacheArrayIndex[id]);
    }

    function getNominalICRsAndIndexes(address a, address b) external view returns (uint256, uint256, uint256, uint256) {
        return (nicrOf[a], nicrOf[b], getCacheArrayIndex[a], getCacheArrayIndex[b]);
    }

    /// @dev Appends `count` entries at the tail, each with a lower ratio than the one before (spaced by 1000).
    function fill(uint256 count) external {
        for (uint256 i = 0; i < count; i++) {
            filled += 1;
            address id = address(uint160(filled));
            uint256 nicr = 1e30 - filled * 1000;
            nicrOf[id] = nicr;
            getCacheArrayIndex[id] = list.insert(id, nicr, list.getLast(), address(0));
        }
    }

    /// @notice Inserts `id` between its exact neighbours and records the gas the insert used.
    function insertWithHints(address id, uint256 nicr, address prevId, address nextId) external {
        nicrOf[id] = nicr;
        uint256 before = gasleft();
        uint256 index = list.insert(id, nicr, prevId, nextId);
        lastInsertGas = before - gasleft();
        getCacheArrayIndex[id] = index;
    }
}
