import { expect } from 'chai';
import hre from 'hardhat';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { custom, parseEther } from 'viem';
import { deploy } from '../../scripts/deploy';
import { DEC, MAX_FEE, ZERO, mined, resetSystem } from './fixture';

describe('deploy script', () => {
  // This file deploys its own system; the shared fixture must not reuse a snapshot across it.
  after(resetSystem);

  it('deploys everything on chain 88, writes the deployment file, and reuses it on a second run', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'payd-deploy-'));
    const outFile = path.join(dir, '88.json');
    try {
      const transport = custom(hre.network.provider);
      const lines: string[] = [];
      const first = await deploy({ rpcUrl: 'in-process', transport, outFile, log: (l) => lines.push(l) });
      expect(existsSync(outFile)).to.equal(true);
      const file = JSON.parse(readFileSync(outFile, 'utf8'));
      expect(file.chainId).to.equal(88);
      expect(file.bootstrapPeriod).to.equal(0);
      expect(file._priceFeedIsTestnet).to.equal(true);
      expect(typeof file.startBlock).to.equal('number');
      expect(Object.keys(file.addresses)).to.include.members([
        'borrowerOperations',
        'cacheManager',
        'sortedCaches',
        'hintHelpers',
        'multiCacheGetter',
        'rewardsPool',
        'paydToken',
        'priceFeed',
        'kycManager',
        'ftxStaking',
        'multicall3',
        'depositContract',
        'multipleDeposit',
        'validatorPool',
        'fethToken',
      ]);
      // the liquid staking contracts are wired to each other and to the lending core
      const pool = await hre.viem.getContractAt('ValidatorPool', file.addresses.validatorPool);
      const feth = await hre.viem.getContractAt('FETHToken', file.addresses.fethToken);
      const eq = (a: string, b: string) => expect(a.toLowerCase()).to.equal(b.toLowerCase());
      eq(await feth.read.pool(), file.addresses.validatorPool);
      eq(await pool.read.feth(), file.addresses.fethToken);
      eq(await pool.read.settings(), file.addresses.lendingSettings);
      eq(await pool.read.rewardsPool(), file.addresses.rewardsPool);
      eq(await pool.read.depositContract(), file.addresses.depositContract);
      eq(await pool.read.serverAdmin(), file.wallets.serverAdmin);
      eq(await pool.read.humanAdmin(), file.wallets.humanAdmin);
      const rp = await hre.viem.getContractAt('RewardsPool', file.addresses.rewardsPool);
      eq(await rp.read.rewardsSource(), file.addresses.validatorPool);
      const again = await deploy({ rpcUrl: 'in-process', transport, outFile, log: (l) => lines.push(l) });
      expect(again.addresses).to.deep.equal(first.addresses);
      expect(lines.some((l) => l.includes('reusing'))).to.equal(true);

      // the deployment works end to end: the server admin approves a customer who opens a cache
      const [, serverAdmin, , , customer] = await hre.viem.getWalletClients();
      const kyc = await hre.viem.getContractAt('KycManager', file.addresses.kycManager);
      await mined(kyc.write.setStatus([customer.account.address, 2], { account: serverAdmin.account }));
      const bo = await hre.viem.getContractAt('BorrowerOperations', file.addresses.borrowerOperations);
      await mined(
        bo.write.openCache([MAX_FEE, 3000n * DEC, ZERO, ZERO], {
          account: customer.account,
          value: parseEther('5'),
        }),
      );
      const sorted = await hre.viem.getContractAt('SortedCaches', file.addresses.sortedCaches);
      expect(await sorted.read.getSize()).to.equal(1n);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
