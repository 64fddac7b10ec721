// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice What the lending core needs from FTX staking: the fee discount of an account.
interface IFTXStaking {
    /// @return percentage whole percent (0..100) taken off the borrowing and redemption fees of `account`,
    /// from the discount tier whose [start, end) holds the account's staked FTX amount; 0 without a stake.
    function getDiscountPercentage(address account) external view returns (uint256 percentage);
}
