// The wallet's validator requests of issue 25 (items 3-6), one modal per kind: Upgrade to 0x02,
// Consolidate into another of the customer's 0x02 validators, Withdraw partially, Exit from the
// wallet. Each runs the server's check first (CheckValidatorRequest: nothing is quoted or sent when
// the beacon chain would ignore the request, and the reason is shown), then quotes the predeploy's fee
// live with its buffer (every 12 s while open), warns that the fee is not refunded, and sends the
// request from the connected wallet only when it is the validator's withdrawal address. The steps are
// validatorRequestSteps.ts; the chain calls protocolRequests.ts (@payd/protocol).
import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useConnection, useConfig as useWagmiConfig } from 'wagmi';
import { useConfig } from '../../shell/config.ts';
import { ethTextToGwei, type ValidatorRequestKind } from '@payd/schemas';
import { useT, type Translate } from '../../i18n/useT.ts';
import { useApi } from '../../shell/session/session.tsx';
import { checkValidatorRequest } from './validatorRequestFlow.ts';
import { consolidationTargets, type RequestForm } from './validatorRequestRules.ts';
import { amountText, quoteLabel, requestReplyText, validatorOption } from './manageTexts.ts';
import {
  FORM,
  prepareRequest,
  sendPrepared,
  type RequestIo,
  type RequestStage,
} from './validatorRequestSteps.ts';
import { shortKey, type ValidatorRow } from './validatorsRules.ts';

export interface ValidatorRequestModalProps {
  opened: boolean;
  /** The validator the request is for (the consolidation's source). */
  validator: ValidatorRow | null;
  /** Every validator of the customer (the consolidation's targets are among them). */
  validators: readonly ValidatorRow[];
  onClose: () => void;
  /** After the request is mined (e.g. to sync the validators). */
  onSent?: (hash: string) => void;
}

const REQUOTE_MS = 12_000;

/** The wallet's I/O: the server check and the protocol's fee quote and send. */
function useRequestIo() {
  const api = useApi();
  const { address, chainId } = useConnection();
  const wagmiConfig = useWagmiConfig();
  const config = useConfig();
  const io: RequestIo = {
    check: (body) => checkValidatorRequest(api, body),
    quote: async (kind) =>
      (await import('./protocolRequests.ts')).quoteValidatorRequestFee({
        config,
        wagmiConfig,
        chainId,
        kind,
      }),
  };
  const send = async (kind: ValidatorRequestKind, v: ValidatorRow, form: RequestForm, value: bigint) =>
    (await import('./protocolRequests.ts')).sendValidatorRequest({
      config,
      wagmiConfig,
      chainId,
      kind,
      pubkey: String(v.PubKey5),
      targetPubkey: form.targetPubkey,
      amountGwei: kind === 'partialWithdrawal' ? ethTextToGwei(form.amountText) : null,
      value,
    });
  return { io, send, address };
}

export function ValidatorRequestModal({
  kind,
  opened,
  validator,
  validators,
  onClose,
  onSent,
}: ValidatorRequestModalProps & { kind: ValidatorRequestKind }) {
  const { t } = useT();
  const { io, send, address } = useRequestIo();
  const [form, setForm] = useState<RequestForm>({ targetPubkey: null, amountText: '' });
  const [stage, setStage] = useState<RequestStage>(FORM);
  const [busy, setBusy] = useState(false);
  const targets = validator ? consolidationTargets(validators, validator) : [];

  // A live quote: asked again while the request is ready to send.
  useEffect(() => {
    if (stage.stage !== 'ready') return;
    const timer = setInterval(() => {
      io.quote(kind).then(
        (quote) => setStage((s) => (s.stage === 'ready' ? { ...s, quote } : s)),
        () => {},
      );
    }, REQUOTE_MS);
    return () => clearInterval(timer);
  }, [stage.stage, kind]); // eslint-disable-line react-hooks/exhaustive-deps

  const close = () => {
    setStage(FORM);
    setForm({ targetPubkey: null, amountText: '' });
    onClose();
  };
  const run = async (step: () => Promise<RequestStage>) => {
    setBusy(true);
    try {
      setStage(await step());
    } finally {
      setBusy(false);
    }
  };
  const check = () => validator && run(() => prepareRequest(io, kind, address, validator, form));
  const sendNow = () =>
    validator &&
    stage.stage === 'ready' &&
    run(async () => {
      const next = await sendPrepared((value) => send(kind, validator, form, value), stage);
      if (next.stage === 'sent') onSent?.(next.hash);
      return next;
    });
  const edit = (f: Partial<RequestForm>) => {
    setForm((old) => ({ ...old, ...f }));
    if (stage.stage !== 'sent') setStage(FORM);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={700}>{t(`manage.request.${kind}`)}</Text>}
      centered
      data-testid={`request-modal-${kind}`}
    >
      <Stack>
        <Text fz="sm">
          {validatorHead(t, validator)} {t(`manage.request.${kind}.explained`)}
        </Text>
        {kind === 'exit' ? <ExitRoads /> : null}
        <RequestFields
          kind={kind}
          form={form}
          edit={edit}
          targets={targets}
          balance={validator?.Balance5 != null ? String(validator.Balance5) : null}
        />
        <Alert color="yellow" variant="light" data-testid="fee-warning">
          {t('manage.request.feeNotRefunded')} {t('manage.request.feeBuffer')}
        </Alert>
        <StageNote stage={stage} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {stage.stage === 'sent' ? t('manage.close') : t('common.cancel')}
          </Button>
          {stage.stage === 'ready' ? (
            <Button color={kind === 'exit' ? 'red' : 'blue'} loading={busy} onClick={() => void sendNow()}>
              {t('manage.request.send')}
            </Button>
          ) : stage.stage !== 'sent' ? (
            <Button
              loading={busy}
              disabled={!validator || (kind === 'consolidation' && !targets.length)}
              onClick={() => void check()}
            >
              {t('manage.request.check')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

function RequestFields({
  kind,
  form,
  edit,
  targets,
  balance,
}: {
  kind: ValidatorRequestKind;
  form: RequestForm;
  edit: (f: Partial<RequestForm>) => void;
  targets: ValidatorRow[];
  /** The validator's balance in ETH as the last sync read it. */
  balance: string | null;
}) {
  const tr = useT();
  const { t } = tr;
  if (kind === 'consolidation')
    return targets.length ? (
      <Select
        label={t('manage.request.target')}
        placeholder={t('manage.request.targetPlaceholder')}
        data={targets.map((v) => ({
          value: String(v.PubKey5).toLowerCase(),
          label: validatorOption(tr, v),
        }))}
        value={form.targetPubkey}
        onChange={(targetPubkey) => edit({ targetPubkey })}
        data-testid="consolidation-target"
      />
    ) : (
      <Alert color="gray" variant="light">
        {t('manage.request.noTarget')}
      </Alert>
    );
  if (kind === 'partialWithdrawal')
    return (
      <TextInput
        label={t('manage.request.amount')}
        description={
          balance
            ? t('manage.request.amountHintBalance', { balance: amountText(tr.lang, balance) })
            : t('manage.request.amountHint')
        }
        inputMode="decimal"
        value={form.amountText}
        onChange={(e) => edit({ amountText: e.currentTarget.value })}
        data-testid="partial-amount"
      />
    );
  return null;
}

/** The two ways to exit, side by side. */
export function ExitRoads() {
  const { t } = useT();
  return (
    <Alert color="blue" variant="light" title={t('manage.request.roads')}>
      <Text fz="sm">{t('manage.request.signedRoad')}</Text>
      <Text fz="sm">{t('manage.request.walletRoad')}</Text>
    </Alert>
  );
}

/** 'Validator 0x1234…abcd (index 7).' */
function validatorHead(t: Translate['t'], v: ValidatorRow | null) {
  const key = v ? shortKey(String(v.PubKey5)) : '';
  return v?.ValidatorIndex5 != null
    ? t('manage.request.validatorIndex', { key, index: String(v.ValidatorIndex5) })
    : t('manage.request.validator', { key });
}

function StageNote({ stage }: { stage: RequestStage }) {
  const tr = useT();
  const { t, message } = tr;
  switch (stage.stage) {
    case 'form':
      return stage.error ? (
        <Text c="red" fz="sm" role="alert">
          {message(stage.error)}
        </Text>
      ) : null;
    case 'refused':
      return (
        <Alert color="red" variant="light" title={t('manage.request.refused')} data-testid="request-refused">
          {requestReplyText(tr, stage.reply)}
        </Alert>
      );
    case 'wrongWallet':
      return (
        <Alert color="red" variant="light" data-testid="request-wrong-wallet">
          {t('manage.request.wrongWallet', { address: stage.reply.WithdrawalAddress ?? '' })}
        </Alert>
      );
    case 'ready':
      return (
        <Alert color="green" variant="light" data-testid="request-ready">
          {requestReplyText(tr, stage.reply)} {quoteLabel(tr, stage.quote)}
        </Alert>
      );
    case 'sent':
      return (
        <Alert color="green" variant="light" data-testid="request-sent">
          {t('manage.request.sent')}{' '}
          <Anchor fz="sm" ff="monospace">
            {shortKey(stage.hash, 10, 8)}
          </Anchor>
        </Alert>
      );
    case 'failed':
      return (
        <Text c="red" fz="sm" role="alert">
          {stage.feeError !== undefined
            ? t('manage.request.feeUnavailableBecause', { error: stage.feeError })
            : message(stage.message)}
        </Text>
      );
  }
}

/** Exit from the wallet (EIP-7002): the other road beside the signed voluntary exit. */
export const WalletExitModal = (p: ValidatorRequestModalProps) => (
  <ValidatorRequestModal kind="exit" {...p} />
);
