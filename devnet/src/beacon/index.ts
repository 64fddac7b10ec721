export { startDevBeacon, type DevBeacon, type DevBeaconOptions } from './devBeacon.ts';
export { DevBeaconNode, BeaconApiError } from './devBeaconNode.ts';
export { EXIT_POOL_ADDRESS } from './exitPool.ts';
export * as devBeaconConfig from './config.ts';
export { DEPLOYMENT_FILE, depositContractFrom } from './deployment.ts';
