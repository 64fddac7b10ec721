// Setting the price on the development chain's test price feed.
import { testPriceFeedAbi } from '@payd/contracts/abi';
import { requireSigner, type ProtocolConnection } from '../connection/connection.ts';
import { Decimal, type Decimalish } from '../decimal/Decimal.ts';
import { SetPriceUnavailableError } from '../errors/errors.ts';
import { sendContractWrite, type SentTransaction } from './sendTransaction.ts';

/** Sets the ETH price in PAYD; only deployments with a test price feed allow it. */
export function setPrice(
  connection: ProtocolConnection,
  price: Decimalish,
): Promise<SentTransaction<undefined>> {
  if (!connection.deployment._priceFeedIsTestnet) throw new SetPriceUnavailableError();
  requireSigner(connection);
  return sendContractWrite(
    connection,
    {
      address: connection.deployment.addresses.priceFeed,
      abi: testPriceFeedAbi,
      functionName: 'setPrice',
      args: [Decimal.from(price).raw],
    },
    () => undefined,
  );
}

/** Sets the FTX price in USD on the development chain's FTX test price feed (credit top-ups). */
export function setFtxPrice(
  connection: ProtocolConnection,
  price: Decimalish,
): Promise<SentTransaction<undefined>> {
  const feed = connection.deployment.addresses.ftxPriceFeed;
  if (!connection.deployment._priceFeedIsTestnet || !feed) throw new SetPriceUnavailableError();
  requireSigner(connection);
  return sendContractWrite(
    connection,
    { address: feed, abi: testPriceFeedAbi, functionName: 'setPrice', args: [Decimal.from(price).raw] },
    () => undefined,
  );
}
