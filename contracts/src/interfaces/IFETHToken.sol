// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice FETH, payd's liquid staked ETH: an ERC-20 (18 decimals) whose supply only the validator
/// pool changes. 1 FETH is a claim on 1 ETH of the pool.
interface IFETHToken {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error CallerNotAllowed(address caller);
    error InvalidRecipient(address recipient);
    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);

    function name() external view returns (string memory);
    function symbol() external view returns (string memory);
    function decimals() external view returns (uint8);
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function allowance(address owner, address spender) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);

    /// @notice The validator pool (immutable): the only caller of mint, burn and moveToPool.
    function pool() external view returns (address);
    function mint(address to, uint256 amount) external;
    function burn(address from, uint256 amount) external;
    /// @notice Moves `amount` from `from` to the pool without an allowance (queueing a swap).
    function moveToPool(address from, uint256 amount) external;
    /// @notice Moves `amount` from the pool back to `to` (a cancelled swap).
    function returnFromPool(address to, uint256 amount) external;
}
