// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice The interfaces the lending contracts use to call each other.

interface IPriceFeed {
    /// @return price ETH/USD with 18 decimals; falls back to the last good price when the oracles fail.
    function fetchPrice() external returns (uint256 price);
    function lastGoodPrice() external view returns (uint256);
}

interface IActivePool {
    function getETH() external view returns (uint256);
    function getPAYDDebt() external view returns (uint256);
    function getETHAndPAYDDebt() external view returns (uint256, uint256);
    function increasePAYDDebt(uint256 amount) external;
    function decreasePAYDDebt(uint256 amount) external;
    function sendETH(address account, uint256 amount) external;
    function decreasePAYDDebtAndSendETH(uint256 debt, address account, uint256 amount) external;
    function decreasePAYDDebtAndSendETHTwo(
        uint256 debt,
        address account,
        uint256 amount,
        address account2,
        uint256 amount2
    ) external;
    function receiveETHAndIncreasePAYDDebt(uint256 debt) external payable;
}

interface IDefaultPool {
    function getETH() external view returns (uint256);
    function getPAYDDebt() external view returns (uint256);
    function getETHAndPAYDDebt() external view returns (uint256, uint256);
    function sendETHToActivePool(uint256 amount) external;
}

interface ICollSurplusPool {
    function getETH() external view returns (uint256);
    function getCollateral(address account) external view returns (uint256);
    function accountSurplus(address account, uint256 amount) external;
    function claimColl(address account) external;
}

/// @dev The cache manager's side of a redemption surplus (kept in the closed cache's record).
interface IRedemptionSurplus {
    function getRedemptionSurplus(address borrower) external view returns (uint256);
    function takeRedemptionSurplus(address borrower) external returns (uint256);
}

interface ISortedCaches {
    function insert(address owner, uint256 nicr, address prevId, address nextId) external returns (uint256 id);
    function reInsert(address owner, uint256 id, uint256 newNicr, address prevId, address nextId) external;
    function remove(address owner, uint256 id) external returns (uint256 left);
    function removeLast(uint256 count) external returns (uint256 left);
    function removeConsecutive(address lowest, uint256 lowestId, uint256 count) external returns (uint256 left);
    function getOwner(uint256 id) external view returns (address);
    function getIdCount() external view returns (uint256);
    function getLastWithId() external view returns (address owner, uint256 id);
    function getPrevWithId(uint256 id) external view returns (address owner, uint256 prevId);
    function getEntry(address owner, uint256 id)
        external
        view
        returns (bool exists, address below, address above, uint256 aboveId);
    function contains(address id) external view returns (bool);
    function nodes(address id) external view returns (bool exists, address nextId, address prevId);
    function getSize() external view returns (uint256);
    function getFirst() external view returns (address);
    function getLast() external view returns (address);
    function getNext(address id) external view returns (address);
    function getPrev(address id) external view returns (address);
    function findInsertPosition(uint256 nicr, address prevId, address nextId) external view returns (address, address);
}

interface IPAYDToken {
    function balanceOf(address account) external view returns (uint256);
    function totalSupply() external view returns (uint256);
    function mint(address account, uint256 amount) external;
    function mintTwo(address account, uint256 amount, address account2, uint256 amount2) external;
    function burn(address account, uint256 amount) external;
    function burnTwo(address account, uint256 amount, address account2, uint256 amount2) external;
    function sendToPool(address sender, address pool, uint256 amount) external;
    function returnFromPool(address pool, address receiver, uint256 amount) external;
}

interface IRewardsPool {
    function getTotalPAYDDeposits() external view returns (uint256);
    function offset(uint256 debtToOffset, uint256 collToAdd) external;
    function provideToSPFor(address depositor, uint256 amount) external;
    function withdrawFromSPFor(address depositor, uint256 amount) external;
}

interface ICacheManager {
    function getNominalICR(address borrower) external view returns (uint256);
    function getNominalICRs(address a, address b) external view returns (uint256, uint256);
    function getCacheArrayIndex(address borrower) external view returns (uint256);
    function getNominalICRAndIndex(address borrower) external view returns (uint256 nicr, uint256 index);
    function getNominalICRsAndIndexes(address a, address b)
        external
        view
        returns (uint256 nicrA, uint256 nicrB, uint256 indexA, uint256 indexB);
    function getCurrentICR(address borrower, uint256 price) external view returns (uint256);
    function getCacheStatus(address borrower) external view returns (uint256);
    function getCacheDebt(address borrower) external view returns (uint256);
    function getCacheColl(address borrower) external view returns (uint256);
    function getEntireDebtAndColl(address borrower)
        external
        view
        returns (uint256 debt, uint256 coll, uint256 pendingPAYDDebtReward, uint256 pendingETHReward);
    function getCacheOwnersCount() external view returns (uint256);
    function getCacheIdCount() external view returns (uint256);
    function getDefaultPoolETHAndPAYDDebt() external view returns (uint256, uint256);
    function applyPendingRewards(address borrower) external;
    function applyPendingRewardsAndGet(address borrower) external returns (uint256 debt, uint256 coll);
    function applyPendingRewardsAndGetWithFee(address borrower, uint256 PAYDDebt)
        external
        returns (uint256 debt, uint256 coll, uint256 fee);
    function checkRecoveryMode(uint256 price) external view returns (bool);
    function getTCR(uint256 price) external view returns (uint256);
    function getBorrowingFee(uint256 debt) external view returns (uint256);
    function decayBaseRateFromBorrowing() external;
    function decayBaseRateAndGetBorrowingFee(uint256 PAYDDebt) external returns (uint256 fee);
    function openCacheRecord(address borrower, uint256 coll, uint256 debt, address upperHint, address lowerHint)
        external
        returns (uint256 stake, uint256 index);
    function adjustCacheRecord(address borrower, uint256 coll, uint256 debt, address upperHint, address lowerHint)
        external
        returns (uint256 stake);
    function closeCacheByOwner(address borrower) external;
    function rewardSnapshots(address borrower) external view returns (uint256 ETH, uint256 PAYDDebt);
    function Caches(address borrower)
        external
        view
        returns (uint256 debt, uint256 coll, uint256 stake, uint8 status, uint128 arrayIndex);
}
