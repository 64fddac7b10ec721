// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {PoolBase} from "./PoolBase.sol";
import {ICollSurplusPool, IRedemptionSurplus} from "./LendingInterfaces.sol";

/// @notice Keeps the collateral left over when a cache is closed by redemption or by a capped
/// recovery-mode liquidation, until its owner claims it (BorrowerOperations.claimCollateral). It holds
/// the ETH of both; a redemption's surplus is accounted in the closed cache's record
/// (CacheManager.getRedemptionSurplus, so a redemption writes no new slot per cache it closes), a
/// liquidation's here.
contract CollSurplusPool is PoolBase, ICollSurplusPool {
    address public immutable borrowerOperations;
    address public immutable cacheManager;
    /// @dev One slot: the first surplus received writes a slot that is already non-zero, and receive()
    /// reads the caller check and the balance together.
    address public activePool;
    uint96 internal ETH;
    mapping(address => uint256) internal balances;

    event CollBalanceUpdated(address indexed account, uint256 newBalance);
    event EtherSent(address to, uint256 amount);

    error NoCollateralToClaim(address account);

    constructor(address borrowerOperations_, address cacheManager_, address activePool_) {
        borrowerOperations = borrowerOperations_;
        cacheManager = cacheManager_;
        activePool = activePool_;
    }

    function getETH() external view returns (uint256) {
        return ETH;
    }

    /// @notice What `account` can claim: this pool's account plus the surplus of a redemption that
    /// closed its cache.
    function getCollateral(address account) external view returns (uint256) {
        return balances[account] + IRedemptionSurplus(cacheManager).getRedemptionSurplus(account);
    }

    function accountSurplus(address account, uint256 amount) external {
        if (msg.sender != cacheManager) revert CallerNotAllowed(msg.sender);
        uint256 newBalance = balances[account] + amount;
        balances[account] = newBalance;
        emit CollBalanceUpdated(account, newBalance);
    }

    function claimColl(address account) external {
        if (msg.sender != borrowerOperations) revert CallerNotAllowed(msg.sender);
        uint256 accounted = balances[account];
        uint256 claimable = accounted + IRedemptionSurplus(cacheManager).takeRedemptionSurplus(account);
        if (claimable == 0) revert NoCollateralToClaim(account);
        if (accounted != 0) balances[account] = 0;
        emit CollBalanceUpdated(account, 0);
        ETH = uint96(ETH - claimable);
        emit EtherSent(account, claimable);
        _sendETH(account, claimable);
    }

    // Only the trusted pool may send ETH, and the balance is kept in storage, so receive() is
    // more than a bare accept.
    // solhint-disable-next-line no-complex-fallback
    receive() external payable {
        if (msg.sender != activePool) revert CallerNotAllowed(msg.sender);
        ETH = _u96(ETH + msg.value);
    }
}
