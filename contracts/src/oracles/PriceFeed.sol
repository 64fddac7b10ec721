// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AdminControlled} from "../access/AdminControlled.sol";

/// @notice The Chainlink AggregatorV3 read interface (Chainlink's own name for it).
// solhint-disable-next-line interface-starts-with-i
interface AggregatorV3Interface {
    function decimals() external view returns (uint8);
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
    function getRoundData(uint80 roundId)
        external
        view
        returns (uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}

/// @notice ETH/USD price from a primary Chainlink aggregator, with an optional fallback aggregator and
/// the last good price when both fail. A response is trusted when it is well formed, fresher than
/// TIMEOUT and within MAX_PRICE_DEVIATION_FROM_PREVIOUS_ROUND of its previous round; when both oracles
/// are trusted and differ by more than MAX_PRICE_DIFFERENCE_BETWEEN_ORACLES, the primary is used but
/// the status says so.
contract PriceFeed is AdminControlled {
    enum Status {
        primaryWorking,
        usingFallbackPrimaryUntrusted,
        bothOraclesUntrusted,
        oraclesDisagree
    }

    uint256 public constant TIMEOUT = 4 hours;
    uint256 public constant MAX_PRICE_DEVIATION_FROM_PREVIOUS_ROUND = 0.5e18;
    uint256 public constant MAX_PRICE_DIFFERENCE_BETWEEN_ORACLES = 0.05e18;
    uint256 internal constant TARGET_DIGITS = 18;

    AggregatorV3Interface public immutable priceAggregator;
    AggregatorV3Interface public immutable fallbackAggregator;

    uint256 public lastGoodPrice;
    Status public status;

    event LastGoodPriceUpdated(uint256 lastGoodPrice);
    event PriceFeedStatusChanged(Status newStatus);

    error NoWorkingOracleAtDeployment();

    constructor(address serverAdmin_, address humanAdmin_, address priceAggregator_, address fallbackAggregator_)
        AdminControlled(serverAdmin_, humanAdmin_)
    {
        if (priceAggregator_ == address(0)) revert ZeroAddress();
        priceAggregator = AggregatorV3Interface(priceAggregator_);
        fallbackAggregator = AggregatorV3Interface(fallbackAggregator_);
        (bool ok, uint256 price) = _read(priceAggregator);
        if (!ok) revert NoWorkingOracleAtDeployment();
        lastGoodPrice = price;
        emit LastGoodPriceUpdated(price);
    }

    /// @notice Reads the oracles, updates lastGoodPrice and status, and returns the price to use.
    function fetchPrice() external returns (uint256) {
        (bool primaryOk, uint256 primaryPrice) = _read(priceAggregator);
        (bool fallbackOk, uint256 fallbackPrice) =
            address(fallbackAggregator) == address(0) ? (false, 0) : _read(fallbackAggregator);
        Status newStatus;
        uint256 price;
        if (primaryOk) {
            price = primaryPrice;
            newStatus = Status.primaryWorking;
            if (fallbackOk) {
                uint256 hi = primaryPrice > fallbackPrice ? primaryPrice : fallbackPrice;
                uint256 lo = primaryPrice > fallbackPrice ? fallbackPrice : primaryPrice;
                if (((hi - lo) * 1e18) / lo > MAX_PRICE_DIFFERENCE_BETWEEN_ORACLES) newStatus = Status.oraclesDisagree;
            }
        } else if (fallbackOk) {
            price = fallbackPrice;
            newStatus = Status.usingFallbackPrimaryUntrusted;
        } else {
            price = lastGoodPrice;
            newStatus = Status.bothOraclesUntrusted;
        }
        if (newStatus != status) {
            status = newStatus;
            emit PriceFeedStatusChanged(newStatus);
        }
        if (price != lastGoodPrice) {
            lastGoodPrice = price;
            emit LastGoodPriceUpdated(price);
        }
        return price;
    }

    function _read(AggregatorV3Interface agg) internal view returns (bool ok, uint256 price) {
        uint8 digits;
        try agg.decimals() returns (uint8 d) {
            digits = d;
        } catch {
            return (false, 0);
        }
        uint80 roundId;
        int256 answer;
        uint256 updatedAt;
        try agg.latestRoundData() returns (uint80 r, int256 a, uint256, uint256 u, uint80) {
            (roundId, answer, updatedAt) = (r, a, u);
        } catch {
            return (false, 0);
        }
        if (roundId == 0 || answer <= 0 || updatedAt == 0 || updatedAt > block.timestamp) return (false, 0);
        if (block.timestamp - updatedAt > TIMEOUT) return (false, 0);
        price = _scale(uint256(answer), digits);
        try agg.getRoundData(roundId - 1) returns (uint80, int256 prev, uint256, uint256, uint80) {
            if (prev > 0) {
                uint256 prevPrice = _scale(uint256(prev), digits);
                uint256 hi = price > prevPrice ? price : prevPrice;
                uint256 lo = price > prevPrice ? prevPrice : price;
                if (((hi - lo) * 1e18) / hi > MAX_PRICE_DEVIATION_FROM_PREVIOUS_ROUND) return (false, 0);
            }
            // A previous round that cannot be read leaves the deviation check out.
            // solhint-disable-next-line no-empty-blocks
        } catch {}
        return (true, price);
    }

    function _scale(uint256 value, uint8 digits) internal pure returns (uint256) {
        if (digits >= TARGET_DIGITS) return value / 10 ** (digits - TARGET_DIGITS);
        return value * 10 ** (TARGET_DIGITS - digits);
    }
}
