// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice TEST ONLY (property test and fuzz). Checks the accounting invariants of the lending core in
/// one eth_call, so that they can be checked after every operation of thousands of random sequences.
/// `check` reverts with `Violated(what, a, b)` naming the first invariant that fails.
interface ICM {
    function getNominalICR(address) external view returns (uint256);
    function getEntireDebtAndColl(address)
        external
        view
        returns (uint256 debt, uint256 coll, uint256 pendingDebt, uint256 pendingColl);
    function getCacheOwnersCount() external view returns (uint256);
    function getCacheFromCacheOwnersArray(uint256) external view returns (address);
    function Caches(address)
        external
        view
        returns (uint256 debt, uint256 coll, uint256 stake, uint8 status, uint128 arrayIndex);
    function getCacheStatus(address) external view returns (uint256);
    function getCacheStake(address) external view returns (uint256);
    function totalStakes() external view returns (uint256);
}

interface ISorted {
    function getFirst() external view returns (address);
    function getNext(address) external view returns (address);
    function getSize() external view returns (uint256);
}

interface IPool {
    function getETH() external view returns (uint256);
    function getPAYDDebt() external view returns (uint256);
}

interface IRP {
    function getETH() external view returns (uint256);
    function getTotalPAYDDeposits() external view returns (uint256);
    function deposits(address) external view returns (uint256 initialValue, address frontEndTag);
    function getCompoundedPAYDDeposit(address) external view returns (uint256);
    function getDepositorETHGain(address) external view returns (uint256);
}

interface IToken {
    function totalSupply() external view returns (uint256);
    function balanceOf(address) external view returns (uint256);
}

contract LendingInvariants {
    uint256 internal constant MIN_DEBT = 2700e18;

    struct System {
        address cacheManager;
        address sortedCaches;
        address activePool;
        address defaultPool;
        address collSurplusPool;
        address rewardsPool;
        address paydToken;
    }

    error Violated(string what, uint256 a, uint256 b);

    function _require(bool ok, string memory what, uint256 a, uint256 b) internal pure {
        if (!ok) revert Violated(what, a, b);
    }

    struct Sums {
        uint256 caches;
        uint256 recordedDebt;
        uint256 recordedColl;
        uint256 pendingDebt;
        uint256 pendingColl;
        uint256 stakes;
    }

    /// @return caches the number of open caches checked
    /// @param dust wei each pool may hold beyond the pending shares on top of one per open cache: each
    /// application of pending rewards leaves its rounding (< 1 wei of ETH and of debt) behind, and the
    /// carried remainder of a redistribution is below the total stakes of that moment / 1e18
    function check(System calldata s, address[] calldata depositors, uint256 dust) external view returns (uint256 caches) {
        Sums memory t = _walkList(s);
        _checkPools(s, t, dust);
        _checkRewardsPool(s, depositors);
        return t.caches;
    }

    function _walkList(System calldata s) internal view returns (Sums memory t) {
        ICM cm = ICM(s.cacheManager);
        ISorted list = ISorted(s.sortedCaches);
        uint256 prevNicr = type(uint256).max;
        for (address id = list.getFirst(); id != address(0); id = list.getNext(id)) {
            uint256 nicr = cm.getNominalICR(id);
            _require(nicr <= prevNicr, "sorted by nominal ratio", nicr, prevNicr);
            prevNicr = nicr;
            _require(cm.getCacheStatus(id) == 1, "listed cache is active", cm.getCacheStatus(id), 1);
            (,,,, uint128 index) = cm.Caches(id);
            address owner = cm.getCacheFromCacheOwnersArray(index);
            _require(owner == id, "owners array names the cache at its id", uint160(owner), uint160(id));
            (uint256 debt, uint256 coll, uint256 pd, uint256 pc) = cm.getEntireDebtAndColl(id);
            _require(debt >= MIN_DEBT, "cache debt >= 2700", debt, MIN_DEBT);
            t.recordedDebt += debt - pd;
            t.recordedColl += coll - pc;
            t.pendingDebt += pd;
            t.pendingColl += pc;
            t.stakes += cm.getCacheStake(id);
            t.caches++;
        }
        _require(t.caches == cm.getCacheOwnersCount(), "list size = owners count", t.caches, cm.getCacheOwnersCount());
        _require(t.caches == list.getSize(), "list size", t.caches, list.getSize());
        _require(t.stakes == cm.totalStakes(), "total stakes = sum of stakes", t.stakes, cm.totalStakes());
    }

    function _checkPools(System calldata s, Sums memory t, uint256 dust) internal view {
        // debt: active pool = recorded cache debts; default pool = pending shares, each rounded down
        // (< 1 wei per cache), plus the dust left by earlier roundings
        uint256 slack = t.caches + 1 + dust;
        uint256 activeDebt = IPool(s.activePool).getPAYDDebt();
        uint256 defaultDebt = IPool(s.defaultPool).getPAYDDebt();
        _require(activeDebt == t.recordedDebt, "active debt = cache debts", activeDebt, t.recordedDebt);
        _require(t.pendingDebt <= defaultDebt, "pending debt <= default debt", t.pendingDebt, defaultDebt);
        _require(defaultDebt - t.pendingDebt <= slack, "default debt - pending <= slack", defaultDebt - t.pendingDebt, slack);
        uint256 supply = IToken(s.paydToken).totalSupply();
        _require(supply == activeDebt + defaultDebt, "PAYD supply = total debt", supply, activeDebt + defaultDebt);

        // collateral: the pools' records equal their ETH
        uint256 activeEth = IPool(s.activePool).getETH();
        uint256 defaultEth = IPool(s.defaultPool).getETH();
        _require(activeEth == t.recordedColl, "active ETH = cache colls", activeEth, t.recordedColl);
        _require(t.pendingColl <= defaultEth, "pending ETH <= default ETH", t.pendingColl, defaultEth);
        _require(defaultEth - t.pendingColl <= slack, "default ETH - pending <= slack", defaultEth - t.pendingColl, slack);
        _require(s.activePool.balance == activeEth, "active pool balance", s.activePool.balance, activeEth);
        _require(s.defaultPool.balance == defaultEth, "default pool balance", s.defaultPool.balance, defaultEth);
        uint256 surplus = IPool(s.collSurplusPool).getETH();
        _require(s.collSurplusPool.balance == surplus, "surplus pool balance", s.collSurplusPool.balance, surplus);
    }

    function _checkRewardsPool(System calldata s, address[] calldata depositors) internal view {
        // rewards pool: holds its deposits and ETH, never owes more, no deposit grows
        IRP rp = IRP(s.rewardsPool);
        uint256 poolEth = rp.getETH();
        _require(s.rewardsPool.balance == poolEth, "rewards pool balance", s.rewardsPool.balance, poolEth);
        uint256 held = IToken(s.paydToken).balanceOf(s.rewardsPool);
        _require(rp.getTotalPAYDDeposits() == held, "deposits = PAYD held", rp.getTotalPAYDDeposits(), held);
        uint256 owed;
        uint256 owedEth;
        for (uint256 i = 0; i < depositors.length; i++) {
            (uint256 initialValue,) = rp.deposits(depositors[i]);
            uint256 compounded = rp.getCompoundedPAYDDeposit(depositors[i]);
            _require(compounded <= initialValue, "deposit does not grow", compounded, initialValue);
            owed += compounded;
            owedEth += rp.getDepositorETHGain(depositors[i]);
        }
        _require(owed <= held, "pool owes no more PAYD than it holds", owed, held);
        _require(owedEth <= poolEth, "pool owes no more ETH than it holds", owedEth, poolEth);
    }
}
