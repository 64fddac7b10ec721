// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice The development price feed of chain 88: anyone may set the price. It refuses to be
/// deployed on any other chain, so `setPrice` exists on no other deployment.
contract TestPriceFeed {
    uint256 public constant DEV_CHAIN_ID = 88;

    uint256 public lastGoodPrice;
    /// @notice Always 0 (working): the dev feed has no oracle to fail.
    uint8 public constant status = 0;

    event LastGoodPriceUpdated(uint256 lastGoodPrice);

    error OnlyOnDevChain(uint256 chainId);
    error ZeroPrice();

    constructor(uint256 initialPrice) {
        if (block.chainid != DEV_CHAIN_ID) revert OnlyOnDevChain(block.chainid);
        if (initialPrice == 0) revert ZeroPrice();
        lastGoodPrice = initialPrice;
        emit LastGoodPriceUpdated(initialPrice);
    }

    function setPrice(uint256 price) external returns (bool) {
        if (price == 0) revert ZeroPrice();
        lastGoodPrice = price;
        emit LastGoodPriceUpdated(price);
        return true;
    }

    function getPrice() external view returns (uint256) {
        return lastGoodPrice;
    }

    function fetchPrice() external view returns (uint256) {
        return lastGoodPrice;
    }
}
