// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice TEST ONLY. A Chainlink-style aggregator whose rounds a test writes, to exercise PriceFeed.
contract MockAggregator {
    uint8 public decimals;
    uint80 public latestRound;
    mapping(uint80 => int256) public answers;
    mapping(uint80 => uint256) public updatedAts;
    bool public broken;

    constructor(uint8 decimals_) {
        decimals = decimals_;
    }

    function pushRound(int256 answer, uint256 updatedAt) external {
        latestRound += 1;
        answers[latestRound] = answer;
        updatedAts[latestRound] = updatedAt;
    }

    function setBroken(bool isBroken) external {
        broken = isBroken;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        require(!broken, "aggregator down");
        return (latestRound, answers[latestRound], updatedAts[latestRound], updatedAts[latestRound], latestRound);
    }

    function getRoundData(uint80 roundId) external view returns (uint80, int256, uint256, uint256, uint80) {
        require(!broken, "aggregator down");
        return (roundId, answers[roundId], updatedAts[roundId], updatedAts[roundId], roundId);
    }
}
