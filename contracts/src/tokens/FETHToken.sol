// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IFETHToken} from "../interfaces/IFETHToken.sol";

/// @notice FETH ("payd Staked ETH"), payd's liquid staked ETH: an ERC-20 (18 decimals) whose supply
/// only the validator pool changes. 1 FETH is a claim on 1 ETH of the pool. The pool mints on a
/// validator deposit, burns what a swap fills, and moves queued FETH in and out without an allowance.
contract FETHToken is IFETHToken {
    string public constant name = "payd Staked ETH";
    string public constant symbol = "FETH";
    uint8 public constant decimals = 18;

    /// @notice The validator pool: the only caller of mint, burn, moveToPool and returnFromPool.
    address public immutable pool;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    /// @param pool_ the validator pool (its address is computed by the deploy script before it lands)
    constructor(address pool_) {
        if (pool_ == address(0)) revert InvalidRecipient(pool_);
        pool = pool_;
    }

    modifier onlyPool() {
        if (msg.sender != pool) revert CallerNotAllowed(msg.sender);
        _;
    }

    // --- ERC-20 ---

    function transfer(address to, uint256 amount) external returns (bool) {
        _requireValidRecipient(to);
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _requireValidRecipient(to);
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert InsufficientAllowance(msg.sender, allowed, amount);
            _approve(from, msg.sender, allowed - amount);
        }
        _transfer(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        _approve(msg.sender, spender, amount);
        return true;
    }

    // --- pool only ---

    function mint(address to, uint256 amount) external virtual onlyPool {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function burn(address from, uint256 amount) external virtual onlyPool {
        _burn(from, amount);
    }

    function moveToPool(address from, uint256 amount) external onlyPool {
        _transfer(from, pool, amount);
    }

    function returnFromPool(address to, uint256 amount) external onlyPool {
        _transfer(pool, to, amount);
    }

    // --- internals ---

    function _burn(address from, uint256 amount) internal {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        balanceOf[from] = balance - amount;
        totalSupply -= amount;
        emit Transfer(from, address(0), amount);
    }

    function _transfer(address from, address to, uint256 amount) internal {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        balanceOf[from] = balance - amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }

    function _approve(address owner, address spender, uint256 amount) internal {
        allowance[owner][spender] = amount;
        emit Approval(owner, spender, amount);
    }

    /// @dev FETH sent to the zero address or the token would be lost; FETH sent to the pool directly
    /// would not be queued for anyone (depositFETH queues it).
    function _requireValidRecipient(address to) internal view {
        if (to == address(0) || to == address(this) || to == pool) revert InvalidRecipient(to);
    }
}
