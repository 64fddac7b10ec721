// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IValidatorPool} from "../interfaces/IValidatorPool.sol";

/// @notice TEST ONLY. A contract user of the validator pool whose receive() accepts, refuses, or
/// tries to re-enter the pool (recording what the re-entry reverted with), to test claimETH.
contract PoolActor {
    enum Mode {
        Accept,
        Refuse,
        ReenterClaim,
        ReenterCancel,
        ReenterProcess
    }

    IValidatorPool public immutable pool;
    Mode public mode;
    bytes public reentryError;
    uint256 public received;

    constructor(IValidatorPool pool_) {
        pool = pool_;
    }

    function setMode(Mode mode_) external {
        mode = mode_;
    }

    function depositFETH(uint256 amount) external {
        pool.depositFETH(amount);
    }

    function claimETH() external {
        pool.claimETH();
    }

    function cancelFETHDeposit() external {
        pool.cancelFETHDeposit();
    }

    // The point of this contract is a receive() that does more than accept.
    // solhint-disable-next-line no-complex-fallback
    receive() external payable {
        Mode m = mode;
        if (m == Mode.Refuse) revert("PoolActor: refusing ETH");
        received += msg.value;
        if (m == Mode.ReenterClaim) {
            try pool.claimETH() {
                reentryError = "";
            } catch (bytes memory e) {
                reentryError = e;
            }
        } else if (m == Mode.ReenterCancel) {
            try pool.cancelFETHDeposit() {
                reentryError = "";
            } catch (bytes memory e) {
                reentryError = e;
            }
        } else if (m == Mode.ReenterProcess) {
            try pool.processQueue(1) {
                reentryError = "";
            } catch (bytes memory e) {
                reentryError = e;
            }
        }
    }
}
