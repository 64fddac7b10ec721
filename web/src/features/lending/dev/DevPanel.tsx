// The chain-88 dev panel (issue 11): sets the test price feed through @payd/protocol's setPrice, so
// a newcomer can push a cache under 115% and liquidate it, and asks the devnet for FTX. It renders
// nothing unless the configured chain is 88, the embedded dev config is present and the deployment
// has a test price feed; other chains never show it.
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Decimal } from '@payd/protocol';
import { setPrice } from '../protocol/writes.ts';
import { useConfig } from '../../../shell/config.ts';
import { useSendWithStatus } from '../../wallet/index.ts';
import { useProtocol, useProtocolEntry, useSigner } from '../protocol/ProtocolProvider.tsx';
import { checkAmount } from '../wallet/transferRules.ts';
import { devPanelAllowed, DEV_FAUCET_FTX, ftxFaucetUrl, priceForRatio } from './devPanelRules.ts';
import { formatNumber } from '@payd/i18n';
import { useLendingT } from '../useLendingT.ts';
import { Tagged } from '../../../i18n/Tagged.tsx';

const UNDER_MCR = Decimal.from('1.14');

export function DevPanel() {
  const config = useConfig();
  const { connection } = useProtocolEntry();
  const allowed = devPanelAllowed({
    chainId: config.chainId,
    hasDevConfig: Boolean(config.dev),
    testPriceFeed: connection.deployment._priceFeedIsTestnet && connection.deployment.chainId === 88,
  });
  if (!allowed || !config.dev) return null;
  return <DevTools faucetUrl={config.dev.faucetUrl} />;
}

function DevTools({ faucetUrl }: { faucetUrl: string }) {
  const price = useProtocol((s) => s.price);
  const riskiest = useProtocol((s) => s.riskiestCacheBeforeRedistribution.compounded(s.totalRedistributed));
  const userAddress = useProtocol((s) => s.userAddress);
  const signer = useSigner();
  const send = useSendWithStatus();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const { t, message, num } = useLendingT();
  const checked = checkAmount(text, undefined, 'PAYD');
  const riskiestPrice = priceForRatio(riskiest, UNDER_MCR);

  const applyPrice = async (value: Decimal) => {
    if (!signer) return;
    const r = await send(
      t('lending.dev.setPriceTx', { price: num(value, 2) }),
      async () => (await setPrice(signer, value)).hash,
    );
    if (r === 'confirmed') {
      // The emptied field is fresh again, not an 'Enter an amount' error.
      setText('');
      setTouched(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="region"
      aria-label={t('lending.dev.title')}
      bg="var(--mantine-color-yellow-light)"
    >
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('lending.dev.title')}
        </Title>
        <Text fz="sm">
          <Tagged
            id="lending.dev.priceNow"
            values={{ price: num(price, 2) }}
            tags={{ b: (text) => <b data-testid="dev-price">{text}</b> }}
          />
        </Text>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (checked.ok) void applyPrice(checked.value);
          }}
        >
          <Group align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label={t('lending.dev.priceLabel')}
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched && !checked.ok ? message(checked.message) : undefined}
              style={{ flex: '1 1 160px' }}
            />
            <Button type="submit" mt={25} disabled={!signer}>
              {t('lending.dev.setPrice')}
            </Button>
          </Group>
        </form>
        {riskiestPrice && (
          <Group gap="xs" wrap="wrap">
            <Button
              variant="light"
              size="xs"
              h="auto"
              py={6}
              // The label wraps on a phone instead of being cut off.
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              disabled={!signer}
              onClick={() => void applyPrice(riskiestPrice)}
            >
              {t('lending.dev.riskiest', { price: num(riskiestPrice, 2) })}
            </Button>
          </Group>
        )}
        <FtxFaucet faucetUrl={faucetUrl} userAddress={userAddress} />
      </Stack>
    </Paper>
  );
}

/** 'Get FTX': asks the devnet's faucet to send FTX to the connected wallet. */
function FtxFaucet({ faucetUrl, userAddress }: { faucetUrl: string; userAddress: string | undefined }) {
  const [faucet, setFaucet] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const { t, lang } = useLendingT();
  const amount = formatNumber(lang, DEV_FAUCET_FTX);

  const askFaucet = async () => {
    if (!userAddress) return;
    setFaucet('busy');
    try {
      const res = await fetch(ftxFaucetUrl(faucetUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: userAddress }),
      });
      setFaucet(res.ok ? 'done' : 'failed');
    } catch {
      setFaucet('failed');
    }
  };

  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          size="xs"
          loading={faucet === 'busy'}
          onClick={() => void askFaucet()}
          disabled={!userAddress}
        >
          {t('lending.dev.faucet', { amount })}
        </Button>
        {faucet === 'done' && (
          <Text fz="sm" role="status">
            {t('lending.dev.faucetDone', { amount })}
          </Text>
        )}
      </Group>
      {faucet === 'failed' && (
        <Alert color="red" variant="light">
          {t('lending.dev.faucetFailed')}
        </Alert>
      )}
    </>
  );
}
