// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {PoolBase} from "./PoolBase.sol";
import {IDefaultPool} from "./LendingInterfaces.sol";

/// @notice Holds collateral and debt redistributed from liquidated caches until each cache's owner
/// touches it again (then the cache manager moves its share back to the active pool).
contract DefaultPool is PoolBase, IDefaultPool {
    address public immutable cacheManager;
    address public immutable activePool;

    /// @dev One slot: every ratio check reads both.
    uint128 internal ETH;
    uint128 internal PAYDDebt;

    event DefaultPoolETHBalanceUpdated(uint256 ETH);
    event DefaultPoolPAYDDebtUpdated(uint256 PAYDDebt);
    event EtherSent(address to, uint256 amount);

    constructor(address cacheManager_, address activePool_) {
        cacheManager = cacheManager_;
        activePool = activePool_;
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
        if (msg.sender != cacheManager) revert CallerNotAllowed(msg.sender);
        PAYDDebt = _u128(PAYDDebt + amount);
        emit DefaultPoolPAYDDebtUpdated(PAYDDebt);
    }

    function decreasePAYDDebt(uint256 amount) external {
        if (msg.sender != cacheManager) revert CallerNotAllowed(msg.sender);
        PAYDDebt = uint128(PAYDDebt - amount);
        emit DefaultPoolPAYDDebtUpdated(PAYDDebt);
    }

    function sendETHToActivePool(uint256 amount) external {
        if (msg.sender != cacheManager) revert CallerNotAllowed(msg.sender);
        ETH = uint128(ETH - amount);
        emit DefaultPoolETHBalanceUpdated(ETH);
        emit EtherSent(activePool, amount);
        _sendETH(activePool, amount);
    }

    // Only the trusted pool may send ETH, and the balance is kept in storage, so receive() is
    // more than a bare accept.
    // solhint-disable-next-line no-complex-fallback
    receive() external payable {
        if (msg.sender != activePool) revert CallerNotAllowed(msg.sender);
        ETH = _u128(ETH + msg.value);
        emit DefaultPoolETHBalanceUpdated(ETH);
    }
}
