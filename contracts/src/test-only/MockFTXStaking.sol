// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IFTXStaking} from "../interfaces/IFTXStaking.sol";

/// @notice TEST ONLY. Returns a discount the test sets per account. Deployments use FTXStaking (src/staking).
contract MockFTXStaking is IFTXStaking {
    mapping(address => uint256) public discountOf;

    function setDiscount(address account, uint256 percentage) external {
        discountOf[account] = percentage;
    }

    function getDiscountPercentage(address account) external view returns (uint256) {
        return discountOf[account];
    }
}
