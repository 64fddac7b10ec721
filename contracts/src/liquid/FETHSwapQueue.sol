// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IValidatorPool} from "../interfaces/IValidatorPool.sol";
import {IFETHToken} from "../interfaces/IFETHToken.sol";

/// @notice The FETH -> ETH swap queue of the validator pool (the pool is its only deployment).
///
/// Entries get ids 1, 2, 3, ... (`queueNext` is the next id). `queueHead` is the first live entry
/// (or `queueNext` when none is live); `queueLength` counts the live entries. A cancelled entry is
/// deleted; an entry whose processing failed stays (its FETH refundable by cancelFETHDeposit) but is
/// no longer live. Both are skipped when the head moves past them.
///
/// Fills are strictly first-in first-out: the head entry takes min(its unfilled FETH, freeETH), so
/// only the head can be partly filled. Each entry's fill is an external self-call (fillEntry), so a
/// revert in it is caught, reported (SwapFailed / SwapFailedPanic / SwapFailedData) and takes that
/// entry out of the live queue instead of blocking the entries behind it. The self-call gets a fixed
/// gas allowance (FILL_GAS) and the caller must have enough gas left to give it, so a caller cannot
/// make an entry fail by sending too little gas.
///
/// Stepping over dead (cancelled or failed) entries is bounded too: one call steps over at most
/// MAX_SKIPS_PER_CALL of them and keeps its progress in `queueHead`, so a run of dead entries (one
/// address can make one per depositFETH + cancelFETHDeposit) can never make a fill, a settlement or
/// the head's cancel too expensive to mine; `processQueue` continues past a longer run. `queueHead`
/// is therefore at or before the first live entry (the first live one unless more than
/// MAX_SKIPS_PER_CALL dead entries came before it), and `queueNext` whenever no entry is live.
abstract contract FETHSwapQueue is IValidatorPool {
    uint256 public constant MAX_FILLS_PER_CALL = 200;
    /// @notice Most dead (cancelled or failed) entries one call steps over.
    uint256 public constant MAX_SKIPS_PER_CALL = 1000;
    /// @notice Gas given to each entry's fill (it needs under 100,000).
    uint256 public constant FILL_GAS = 300_000;

    /// @dev One slot per entry: amount is unfilled FETH in wei (uint88: up to 3e26, above all ETH in
    /// existence; larger amounts revert with AmountTooLarge).
    struct Entry {
        address depositor;
        uint88 amount;
        bool failed;
    }

    address public immutable feth;

    uint256 public freeETH;
    uint256 public claimableETH;
    uint256 public unfilledFETHInQueue;
    uint256 public queueHead = 1;
    uint256 public queueNext = 1;
    uint256 public queueLength;

    mapping(uint256 => Entry) internal _entries;
    mapping(address => uint256) public entryOf;
    mapping(address => uint256) public ethSwapClaim;

    /// @dev The re-entrancy lock, in transient storage (EIP-1153): cleared at the end of every transaction.
    bool private transient _locked;

    /// @notice The caller's gas cannot cover one more entry's fill (FILL_GAS); send more gas.
    error NotEnoughGasToFill(uint256 gasLeft, uint256 needed);
    error AmountTooLarge(uint256 amount);
    error Reentrancy();

    constructor(address feth_) {
        feth = feth_;
    }

    modifier nonReentrant() {
        if (_locked) revert Reentrancy();
        _locked = true;
        _;
        _locked = false;
    }

    // --- reads ---

    function queueEntry(uint256 entryId) external view returns (address depositor, uint256 amount) {
        Entry storage e = _entries[entryId];
        return (e.depositor, e.amount);
    }

    /// @notice Unfilled FETH of the depositor's entry, live or failed.
    function fethSwapDeposit(address depositor) external view returns (uint256) {
        return _entries[entryOf[depositor]].amount;
    }

    /// @notice True when the depositor's entry failed and waits for cancelFETHDeposit.
    function entryFailed(uint256 entryId) external view returns (bool) {
        return _entries[entryId].failed;
    }

    function queuePosition(address depositor) external view returns (uint256 position, uint256 fethAhead) {
        uint256 id = entryOf[depositor];
        if (id == 0 || _entries[id].failed) return (0, 0);
        for (uint256 i = queueHead; i < id; ++i) {
            Entry storage e = _entries[i];
            if (e.amount != 0 && !e.failed) {
                position += 1;
                fethAhead += e.amount;
            }
        }
        position += 1;
    }

    // --- queue operations ---

    function _enqueue(address depositor, uint256 amount) internal {
        if (amount == 0) revert ZeroAmount();
        if (amount > type(uint88).max) revert AmountTooLarge(amount);
        uint256 open = entryOf[depositor];
        if (open != 0) revert AlreadyQueued(open);
        uint256 balance = IFETHToken(feth).balanceOf(depositor);
        if (balance < amount) revert InsufficientFETH(balance, amount);
        IFETHToken(feth).moveToPool(depositor, amount);
        uint256 id = queueNext;
        queueNext = id + 1;
        _entries[id] = Entry(depositor, uint88(amount), false);
        entryOf[depositor] = id;
        // with no live entry, everything before this one is dead: the head is this entry
        if (queueLength == 0) queueHead = id;
        queueLength += 1;
        unfilledFETHInQueue += amount;
        emit SwapQueued(id, depositor, amount);
    }

    /// @dev Takes the caller's entry (live or failed) out of the queue and returns its unfilled FETH.
    function _cancel(address depositor) internal {
        uint256 id = entryOf[depositor];
        if (id == 0) revert NothingQueued(depositor);
        Entry memory e = _entries[id];
        delete _entries[id];
        delete entryOf[depositor];
        if (!e.failed) {
            // a live entry lies between the head and the next id (the spec's lookup by head and size)
            if (id < queueHead || id >= queueNext) revert NothingQueued(depositor);
            queueLength -= 1;
            unfilledFETHInQueue -= e.amount;
            if (id == queueHead || queueLength == 0) queueHead = _nextHead(id + 1, MAX_SKIPS_PER_CALL);
        }
        emit SwapCancelled(id, depositor, e.amount);
        IFETHToken(feth).returnFromPool(depositor, e.amount);
    }

    /// @dev The head from `id` on: queueNext when no entry is live, else the first live entry at or
    /// after `id`, stepping over at most `maxSkips` dead entries (it stops on a dead one beyond that).
    function _nextHead(uint256 id, uint256 maxSkips) internal view returns (uint256) {
        uint256 end = queueNext;
        if (queueLength == 0) return end;
        uint256 limit = end - id > maxSkips ? id + maxSkips : end;
        while (id < limit) {
            Entry storage e = _entries[id];
            if (e.amount != 0 && !e.failed) break;
            ++id;
        }
        return id;
    }

    /// @dev Fills live entries from the head with freeETH, at most `maxFills` of them (a failed one
    /// counts as a fill), stepping over at most MAX_SKIPS_PER_CALL dead entries.
    function _fill(uint256 maxFills) internal {
        if (freeETH == 0 || queueLength == 0) return;
        uint256 id = queueHead;
        uint256 end = queueNext;
        uint256 fills;
        uint256 skips;
        while (id < end && fills < maxFills) {
            uint256 free = freeETH;
            if (free == 0) break;
            Entry storage e = _entries[id];
            uint256 amount = e.amount;
            if (amount == 0 || e.failed) {
                // none live after it, or the step budget spent (processQueue continues from here)
                if (queueLength == 0 || skips == MAX_SKIPS_PER_CALL) break;
                ++skips;
                ++id;
                continue;
            }
            address depositor = e.depositor;
            uint256 take = amount < free ? amount : free;
            ++fills;
            uint256 needed = FILL_GAS + FILL_GAS / 63 + 5_000;
            if (gasleft() < needed) revert NotEnoughGasToFill(gasleft(), needed);
            try this.fillEntry{gas: FILL_GAS}(id, take) {
                if (take < amount) break; // the head is partly filled: no ETH is left
                ++id;
            } catch Error(string memory reason) {
                _markFailed(id, amount);
                emit SwapFailed(id, depositor, reason);
                ++id;
            } catch Panic(uint256 code) {
                _markFailed(id, amount);
                emit SwapFailedPanic(id, depositor, code);
                ++id;
            } catch (bytes memory data) {
                _markFailed(id, amount);
                emit SwapFailedData(id, depositor, data);
                ++id;
            }
        }
        queueHead = _nextHead(id, MAX_SKIPS_PER_CALL - skips);
    }

    function _markFailed(uint256 id, uint256 amount) private {
        _entries[id].failed = true;
        queueLength -= 1;
        unfilledFETHInQueue -= amount;
    }

    /// @notice One entry's fill; only the pool itself calls it (from its fill loop), so that a revert
    /// here can be caught. Burns `amount` of the queued FETH, moves that ETH from freeETH to the
    /// depositor's claim, and closes the entry when it is fully filled.
    function fillEntry(uint256 entryId, uint256 amount) external {
        if (msg.sender != address(this)) revert OnlySelf();
        Entry storage e = _entries[entryId];
        address depositor = e.depositor;
        uint256 remaining = e.amount - amount;
        freeETH -= amount;
        claimableETH += amount;
        unfilledFETHInQueue -= amount;
        ethSwapClaim[depositor] += amount;
        if (remaining == 0) {
            delete _entries[entryId];
            delete entryOf[depositor];
            queueLength -= 1;
        } else {
            e.amount = uint88(remaining);
        }
        emit SwapFilled(entryId, depositor, amount, remaining);
        IFETHToken(feth).burn(address(this), amount);
    }
}
