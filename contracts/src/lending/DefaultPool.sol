// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {PoolBase} from "./PoolBase.sol";
import {IDefaultPool, ICacheManager} from "./LendingInterfaces.sol";

/// @notice Holds collateral and debt redistributed from liquidated caches until each cache's owner
/// touches it again (then the cache manager moves its share back to the active pool). It holds the
/// ETH; the cache manager, which makes every change, keeps its ETH and PAYD debt and logs their
/// updates (`DefaultPoolETHBalanceUpdated`, `DefaultPoolPAYDDebtUpdated`), so that a ratio check reads
/// them without calling this pool.
contract DefaultPool is PoolBase, IDefaultPool {
    address public immutable cacheManager;
    address public immutable activePool;

    event EtherSent(address to, uint256 amount);

    constructor(address cacheManager_, address activePool_) {
        cacheManager = cacheManager_;
        activePool = activePool_;
    }

    function getETH() external view returns (uint256 eth) {
        (eth,) = ICacheManager(cacheManager).getDefaultPoolETHAndPAYDDebt();
    }

    function getPAYDDebt() external view returns (uint256 debt) {
        (, debt) = ICacheManager(cacheManager).getDefaultPoolETHAndPAYDDebt();
    }

    /// @notice getETH() and getPAYDDebt() in one call.
    function getETHAndPAYDDebt() external view returns (uint256, uint256) {
        return ICacheManager(cacheManager).getDefaultPoolETHAndPAYDDebt();
    }

    /// @dev The cache manager has taken `amount` off this pool's ETH.
    function sendETHToActivePool(uint256 amount) external {
        if (msg.sender != cacheManager) revert CallerNotAllowed(msg.sender);
        emit EtherSent(activePool, amount);
        _sendETH(activePool, amount);
    }

    /// @dev Only the trusted pool may send ETH (a redistribution, which the cache manager accounts).
    receive() external payable {
        if (msg.sender != activePool) revert CallerNotAllowed(msg.sender);
    }
}
