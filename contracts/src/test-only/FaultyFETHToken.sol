// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {FETHToken} from "../tokens/FETHToken.sol";

/// @notice TEST ONLY. A FETH token whose burn of a chosen amount fails in a chosen way, to test the
/// validator pool's swap failure events. The pool always burns from itself, so the failure is keyed
/// by the burned amount (a test queues a distinctive amount for the entry that must fail).
contract FaultyFETHToken is FETHToken {
    enum Failure {
        None,
        ErrorString,
        Panic,
        CustomError,
        OutOfGas
    }

    error BurnRefused(uint256 amount);

    mapping(uint256 => Failure) public failureOf;

    constructor(address pool_) FETHToken(pool_) {}

    function setFailure(uint256 amount, Failure failure) external {
        failureOf[amount] = failure;
    }

    function burn(address from, uint256 amount) external override onlyPool {
        Failure f = failureOf[amount];
        if (f == Failure.ErrorString) revert("FaultyFETH: burn refused");
        if (f == Failure.Panic) {
            uint256 zero = 0;
            amount = amount / zero; // Panic(0x12)
        }
        if (f == Failure.CustomError) revert BurnRefused(amount);
        if (f == Failure.OutOfGas) {
            // solhint-disable-next-line no-empty-blocks
            while (gasleft() > 0) {}
        }
        _burn(from, amount);
    }
}
