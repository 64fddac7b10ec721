// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {LendingMath} from "./LendingMath.sol";
import {ISortedCaches, ICacheManager} from "./LendingInterfaces.sol";

/// @notice Read-only helpers that compute hints off-chain callers pass to sorted-list writes and
/// redemptions, so that those writes cost the same whatever the number of caches.
contract HintHelpers {
    uint256 internal constant MIN_NET_DEBT = 2500e18;
    uint256 internal constant PAYD_GAS_COMPENSATION = 200e18;
    uint256 internal constant MCR = 1.15e18;

    ISortedCaches public immutable sortedCaches;
    ICacheManager public immutable cacheManager;

    constructor(address sortedCaches_, address cacheManager_) {
        sortedCaches = ISortedCaches(sortedCaches_);
        cacheManager = ICacheManager(cacheManager_);
    }

    /// @notice Walks the caches a redemption of PAYDamount would touch.
    /// @return firstRedemptionHint the first cache at or above MCR from the tail
    /// @return partialRedemptionHintNICR the nominal ratio of the partially redeemed last cache (0 if none)
    /// @return truncatedPAYDamount the redeemable amount (a partial that would leave a cache under the
    /// minimum net debt is left out)
    function getRedemptionHints(uint256 PAYDamount, uint256 price, uint256 maxIterations)
        external
        view
        returns (address firstRedemptionHint, uint256 partialRedemptionHintNICR, uint256 truncatedPAYDamount)
    {
        uint256 remaining = PAYDamount;
        address current = sortedCaches.getLast();
        while (current != address(0) && cacheManager.getCurrentICR(current, price) < MCR) {
            current = sortedCaches.getPrev(current);
        }
        firstRedemptionHint = current;
        if (maxIterations == 0 || maxIterations > 70) maxIterations = 70;
        while (current != address(0) && remaining > 0 && maxIterations > 0) {
            maxIterations--;
            (uint256 debt, uint256 coll,,) = cacheManager.getEntireDebtAndColl(current);
            uint256 netDebt = debt - PAYD_GAS_COMPENSATION;
            if (netDebt > remaining) {
                if (netDebt - remaining >= MIN_NET_DEBT) {
                    uint256 newColl = coll - (remaining * 1e18) / price;
                    partialRedemptionHintNICR = LendingMath.computeNominalCR(newColl, debt - remaining);
                    remaining = 0;
                }
                break;
            }
            remaining -= netDebt;
            current = sortedCaches.getPrev(current);
        }
        truncatedPAYDamount = PAYDamount - remaining;
    }

    /// @notice Samples numTrials pseudo-random caches and returns the one whose nominal ratio is closest
    /// to CR: a starting point for findInsertPosition. About 10 x sqrt(number of caches) trials suffice.
    /// The picks are ids below the owners array's length; a free id (no owner) is a trial that finds
    /// nothing.
    function getApproxHint(uint256 CR, uint256 numTrials, uint256 inputRandomSeed)
        external
        view
        returns (address hintAddress, uint256 diff, uint256 latestRandomSeed)
    {
        if (cacheManager.getCacheOwnersCount() == 0) return (address(0), 0, inputRandomSeed);
        uint256 ids = cacheManager.getCacheIdCount();
        hintAddress = sortedCaches.getLast();
        diff = _absDiff(CR, cacheManager.getNominalICR(hintAddress));
        latestRandomSeed = inputRandomSeed;
        for (uint256 i = 0; i < numTrials; i++) {
            latestRandomSeed = uint256(keccak256(abi.encode(latestRandomSeed)));
            address candidate = CacheOwnersAt(latestRandomSeed % ids);
            if (candidate == address(0)) continue;
            uint256 d = _absDiff(CR, cacheManager.getNominalICR(candidate));
            if (d < diff) {
                diff = d;
                hintAddress = candidate;
            }
        }
    }

    function computeNominalCR(uint256 coll, uint256 debt) external pure returns (uint256) {
        return LendingMath.computeNominalCR(coll, debt);
    }

    function computeCR(uint256 coll, uint256 debt, uint256 price) external pure returns (uint256) {
        return LendingMath.computeCR(coll, debt, price);
    }

    function CacheOwnersAt(uint256 index) internal view returns (address) {
        return ICacheOwners(address(cacheManager)).getCacheFromCacheOwnersArray(index);
    }

    function _absDiff(uint256 a, uint256 b) internal pure returns (uint256) {
        return a >= b ? a - b : b - a;
    }
}

interface ICacheOwners {
    function getCacheFromCacheOwnersArray(uint256 index) external view returns (address);
}
