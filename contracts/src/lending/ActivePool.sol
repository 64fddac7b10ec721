// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {PoolBase} from "./PoolBase.sol";
import {IActivePool} from "./LendingInterfaces.sol";

/// @notice Holds the ETH collateral and records the PAYD debt of the open caches.
contract ActivePool is PoolBase, IActivePool {
    address public immutable borrowerOperations;
    address public immutable cacheManager;
    address public immutable rewardsPool;
    address public immutable defaultPool;

    /// @dev One slot: every ratio check reads both.
    uint128 internal ETH;
    uint128 internal PAYDDebt;

    event ActivePoolETHBalanceUpdated(uint256 ETH);
    event ActivePoolPAYDDebtUpdated(uint256 PAYDDebt);
    event EtherSent(address to, uint256 amount);

    constructor(address borrowerOperations_, address cacheManager_, address rewardsPool_, address defaultPool_) {
        borrowerOperations = borrowerOperations_;
        cacheManager = cacheManager_;
        rewardsPool = rewardsPool_;
        defaultPool = defaultPool_;
    }

    function getETH() external view returns (uint256) {
        return ETH;
    }

    function getPAYDDebt() external view returns (uint256) {
        return PAYDDebt;
    }

    /// @notice getETH() and getPAYDDebt() in one call.
    function getETHAndPAYDDebt() external view returns (uint256, uint256) {
        return (ETH, PAYDDebt);
    }

    function increasePAYDDebt(uint256 amount) external {
        if (msg.sender != borrowerOperations && msg.sender != cacheManager) revert CallerNotAllowed(msg.sender);
        PAYDDebt = _u128(PAYDDebt + amount);
        emit ActivePoolPAYDDebtUpdated(PAYDDebt);
    }

    function decreasePAYDDebt(uint256 amount) external {
        if (msg.sender != borrowerOperations && msg.sender != cacheManager && msg.sender != rewardsPool) {
            revert CallerNotAllowed(msg.sender);
        }
        PAYDDebt = uint128(PAYDDebt - amount);
        emit ActivePoolPAYDDebtUpdated(PAYDDebt);
    }

    function sendETH(address account, uint256 amount) external {
        if (msg.sender != borrowerOperations && msg.sender != cacheManager && msg.sender != rewardsPool) {
            revert CallerNotAllowed(msg.sender);
        }
        ETH = uint128(ETH - amount);
        emit ActivePoolETHBalanceUpdated(ETH);
        emit EtherSent(account, amount);
        _sendETH(account, amount);
    }

    /// @notice decreasePAYDDebt(debt) then sendETH(account, amount) in one call and one slot write
    /// (same events, same order).
    function decreasePAYDDebtAndSendETH(uint256 debt, address account, uint256 amount) external {
        if (msg.sender != borrowerOperations && msg.sender != cacheManager && msg.sender != rewardsPool) {
            revert CallerNotAllowed(msg.sender);
        }
        (uint128 newETH, uint128 newDebt) = (uint128(ETH - amount), uint128(PAYDDebt - debt));
        (ETH, PAYDDebt) = (newETH, newDebt);
        emit ActivePoolPAYDDebtUpdated(newDebt);
        emit ActivePoolETHBalanceUpdated(newETH);
        emit EtherSent(account, amount);
        _sendETH(account, amount);
    }

    /// @notice decreasePAYDDebtAndSendETH(debt, account, amount) then sendETH(account2, amount2), in one
    /// call and one slot write (same events, same order).
    function decreasePAYDDebtAndSendETHTwo(
        uint256 debt,
        address account,
        uint256 amount,
        address account2,
        uint256 amount2
    ) external {
        if (msg.sender != borrowerOperations && msg.sender != cacheManager && msg.sender != rewardsPool) {
            revert CallerNotAllowed(msg.sender);
        }
        uint128 newDebt = uint128(PAYDDebt - debt);
        uint128 afterFirst = uint128(ETH - amount);
        uint128 newETH = uint128(afterFirst - amount2);
        (ETH, PAYDDebt) = (newETH, newDebt);
        emit ActivePoolPAYDDebtUpdated(newDebt);
        emit ActivePoolETHBalanceUpdated(afterFirst);
        emit EtherSent(account, amount);
        _sendETH(account, amount);
        emit ActivePoolETHBalanceUpdated(newETH);
        emit EtherSent(account2, amount2);
        _sendETH(account2, amount2);
    }

    /// @notice Takes msg.value as collateral and adds `debt` to the PAYD debt (receive() then
    /// increasePAYDDebt(debt)), in one call and one slot write: an open, or an adjustment that adds
    /// collateral and borrows.
    function receiveETHAndIncreasePAYDDebt(uint256 debt) external payable {
        if (msg.sender != borrowerOperations) revert CallerNotAllowed(msg.sender);
        (uint128 newETH, uint128 newDebt) = (_u128(ETH + msg.value), _u128(PAYDDebt + debt));
        (ETH, PAYDDebt) = (newETH, newDebt);
        emit ActivePoolETHBalanceUpdated(newETH);
        emit ActivePoolPAYDDebtUpdated(newDebt);
    }

    // Only the trusted pool may send ETH, and the balance is kept in storage, so receive() is
    // more than a bare accept.
    // solhint-disable-next-line no-complex-fallback
    receive() external payable {
        if (msg.sender != borrowerOperations && msg.sender != defaultPool) revert CallerNotAllowed(msg.sender);
        ETH = _u128(ETH + msg.value);
        emit ActivePoolETHBalanceUpdated(ETH);
    }
}
