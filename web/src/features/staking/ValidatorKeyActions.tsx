// Taking the keys away (issue 17), per validator: copy its full public key, download its deposit
// data (`deposit_data-<unix time>.json`, the file the Ethereum Launchpad accepts: GetDepositData),
// and, after a fresh confirmation of who the person is, its EIP-2335 keystore
// (`keystore-m_12381_3600_<i>_0_0-<unix time>.json`, GetKeystore) encrypted with a password the
// person chooses and confirms, importable by any validator client; and its fee recipient settings
// (`proposer_config-<index>.json`, feeRecipient.ts), so that a client run elsewhere keeps paying
// the fees and MEV to the customer. Used by the dashboard's
// validators list and by /manageValidator.
import { Button, CopyButton, Group, Menu, Text, Tooltip } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useConnection } from 'wagmi';
import { Eth2Wallet } from '@payd/schemas';
import { useApi } from '../../shell/session/session.tsx';
import { proposerConfig, proposerConfigFileName } from './feeRecipient.ts';
import { saveJson } from './saveJson.ts';
import { useT } from '../../i18n/useT.ts';
import { shortKey, type ValidatorRow } from './validatorsRules.ts';

// The keystore's password form (Modal, @mantine/form with zod's full build, the identity
// confirmation) loads just after the actions show, not with the page.
const KeystoreModal = lazy(() => import('./KeystoreModal.tsx'));

/** The copy button of a full public key: 'Copied' for a moment after a click. */
export function CopyPublicKey({ pubkey, size = 'compact-xs' }: { pubkey: string; size?: string }) {
  const { t } = useT();
  return (
    <CopyButton value={pubkey} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('manage.copied') : pubkey} withArrow multiline maw={420}>
          <Button
            size={size}
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : 'blue'}
            onClick={copy}
            aria-label={t('manage.keys.copyAria', { key: shortKey(pubkey) })}
            data-testid="copy-pubkey"
          >
            {copied ? t('manage.copied') : t('manage.keys.copyKey')}
          </Button>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/**
 * The key actions of one validator. `layout="buttons"`: three buttons (the manage page);
 * `layout="menu"`: the copy button and a 'Keys' menu (a row of the dashboard's list).
 */
export function ValidatorKeyActions({
  validator,
  layout = 'menu',
}: {
  validator: ValidatorRow;
  layout?: 'menu' | 'buttons';
}) {
  const { t } = useT();
  const { address } = useConnection();
  const api = useApi();
  const [keystoreOpen, setKeystoreOpen] = useState(false);
  const pubkey = String(validator.PubKey5 ?? '');
  const depositData = useMutation({
    mutationFn: async () =>
      (await api.call(Eth2Wallet.GetDepositData, { walletAddress: address ?? '', pubkey })).data,
    onSuccess: (r) => saveJson(r.DepositData, r.FileName),
  });
  if (!pubkey) return null;
  const settings = proposerConfig(validator);
  const size = layout === 'buttons' ? 'xs' : 'compact-xs';
  return (
    <Group
      gap={6}
      wrap={layout === 'buttons' ? 'wrap' : 'nowrap'}
      data-testid="validator-key-actions"
      data-pubkey={pubkey}
    >
      {layout === 'buttons' ? (
        <Text fz="sm" fw={600}>
          {t('manage.keys.heading')}
        </Text>
      ) : null}
      <CopyPublicKey pubkey={pubkey} size={size} />
      {layout === 'buttons' ? (
        <>
          <Button
            size={size}
            variant="light"
            onClick={() => depositData.mutate()}
            loading={depositData.isPending}
            data-testid="download-deposit-data"
          >
            {t('manage.keys.depositData')}
          </Button>
          <Button
            size={size}
            variant="light"
            onClick={() => setKeystoreOpen(true)}
            data-testid="open-keystore"
          >
            {t('manage.keys.keystore')}
          </Button>
          {settings ? (
            <Button
              size={size}
              variant="light"
              onClick={() => saveJson(settings, proposerConfigFileName(validator))}
              data-testid="download-proposer-config"
            >
              {t('manage.keys.feeRecipient')}
            </Button>
          ) : null}
        </>
      ) : (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <Button
              size={size}
              variant="light"
              loading={depositData.isPending}
              aria-label={t('manage.keys.menuAria', { key: shortKey(pubkey) })}
              data-testid="validator-keys-menu"
            >
              {t('manage.keys.menu')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => depositData.mutate()} data-testid="download-deposit-data">
              {t('manage.keys.downloadDepositData')}
            </Menu.Item>
            <Menu.Item onClick={() => setKeystoreOpen(true)} data-testid="open-keystore">
              {t('manage.keys.downloadKeystore')}
            </Menu.Item>
            {settings ? (
              <Menu.Item
                onClick={() => saveJson(settings, proposerConfigFileName(validator))}
                data-testid="download-proposer-config"
              >
                {t('manage.keys.downloadFeeRecipient')}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      )}
      <Suspense fallback={null}>
        <KeystoreModal
          opened={keystoreOpen}
          onClose={() => setKeystoreOpen(false)}
          validator={validator}
          walletAddress={address}
        />
      </Suspense>
    </Group>
  );
}
