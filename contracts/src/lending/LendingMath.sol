// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice 18-decimal fixed-point helpers shared by the lending contracts.
library LendingMath {
    uint256 internal constant DECIMAL_PRECISION = 1e18;
    /// @dev Nominal ratios are coll * 100 / debt with 18 decimals, hence 1e20.
    uint256 internal constant NICR_PRECISION = 1e20;
    /// @dev 1000 years in minutes: beyond this the decayed base rate is zero anyway.
    uint256 internal constant MAX_DECAY_MINUTES = 525_600_000;

    /// @dev A KYC permission check by constant selector (IKycManager.canOpen.selector, ...): a manager
    /// that reverts or answers anything but true denies.
    /// The call and its answer use the scratch space, not new memory; an answer that is not a bool
    /// (above 1) reverts without data, as abi.decode does.
    function kycAllows(address kycManager, bytes4 selector, address account) internal view returns (bool allowed) {
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(0x00, selector)
            mstore(0x04, account)
            let ok := staticcall(gas(), kycManager, 0x00, 0x24, 0x00, 0x20)
            if and(ok, iszero(lt(returndatasize(), 0x20))) {
                let answer := mload(0x00)
                if gt(answer, 1) { revert(0, 0) }
                allowed := answer
            }
        }
    }

    function min(uint256 a, uint256 b) internal pure returns (uint256) {
        return a < b ? a : b;
    }

    function max(uint256 a, uint256 b) internal pure returns (uint256) {
        return a >= b ? a : b;
    }

    /// @dev Product of two 18-decimal numbers, rounded half up.
    function decMul(uint256 x, uint256 y) internal pure returns (uint256) {
        return (x * y + DECIMAL_PRECISION / 2) / DECIMAL_PRECISION;
    }

    /// @dev base^exponent for an 18-decimal base by binary exponentiation: O(log exponent) steps.
    function decPow(uint256 base, uint256 exponent) internal pure returns (uint256) {
        if (exponent > MAX_DECAY_MINUTES) exponent = MAX_DECAY_MINUTES;
        if (exponent == 0) return DECIMAL_PRECISION;
        uint256 y = DECIMAL_PRECISION;
        uint256 x = base;
        uint256 n = exponent;
        while (n > 1) {
            if (n % 2 == 1) y = decMul(x, y);
            x = decMul(x, x);
            n /= 2;
        }
        return decMul(x, y);
    }

    function computeNominalCR(uint256 coll, uint256 debt) internal pure returns (uint256) {
        return debt > 0 ? (coll * NICR_PRECISION) / debt : type(uint256).max;
    }

    function computeCR(uint256 coll, uint256 debt, uint256 price) internal pure returns (uint256) {
        return debt > 0 ? (coll * price) / debt : type(uint256).max;
    }
}
