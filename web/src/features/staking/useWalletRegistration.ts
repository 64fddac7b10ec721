// Registering the connected wallet to the account on /accountStatus: the wallet signs that it is
// this account's (no transaction, no cost), with an optional agent.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StakeUserInfo, walletRegistrationMessage } from '@payd/schemas';
import { useApi } from '../../shell/session/session.tsx';
import { registeredWalletsKey } from '../../shell/session/registeredWallets.ts';
import { notify } from '../../notifications/notify.ts';
import { registerWallet, walletStatusKey, type WalletStatus } from './stakingApi.ts';
import { setKnownWalletStatus } from '../../shell/navigation/walletStatusStore.ts';
import { useT } from '../../i18n/useT.ts';

/** Agents offered at registration (StakeUserInfoWs GetAgentNumber17List). */
export function useAgents() {
  const api = useApi();
  return useQuery({
    queryKey: ['staking', 'agents'],
    queryFn: async () => (await api.call(StakeUserInfo.GetAgentNumber17List, { query: '', topN: 50 })).data,
    staleTime: 10 * 60_000,
    meta: { silent: true }, // failed dropdown loads are only logged (spec 001 section 7)
  });
}

export function useWalletRegistration({
  address,
  usrId,
  signMessage,
}: {
  address: string | undefined;
  usrId: number | undefined;
  signMessage: (args: { message: string }) => Promise<string>;
}) {
  const api = useApi();
  const qc = useQueryClient();
  const { t } = useT();
  const [agent, setAgent] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);
  const register = useMutation({
    mutationFn: async () => {
      // The wallet signs that it is this account's (no transaction, no cost).
      const signedAt = new Date().toISOString();
      const message = walletRegistrationMessage({ address: address!, usrId: usrId!, signedAt });
      const signature = await signMessage({ message });
      await registerWallet(api, address!, agent, { WalletSignedAt: signedAt, WalletSignature: signature });
    },
    // Registered: the page says so (the status turns Approved, a notification), then goes on to
    // the dashboard after the wallet page delay, as for any approved wallet.
    onSuccess: async () => {
      if (usrId && address) setKnownWalletStatus({ usrId, address, code: 'A' });
      setRegistered(true);
      qc.setQueryData<WalletStatus>(walletStatusKey(address!), (s) =>
        s ? { ...s, StakeWalletStatusCd2: 'A', StakeWalletStatusCd2Text: 'Approved', SwitchWallet: 'N' } : s,
      );
      notify({
        msgType: 'S',
        title: t('dash.status.registered'),
        message: t('dash.status.registeredToast'),
      });
      await qc.invalidateQueries({ queryKey: walletStatusKey(address!) });
      await qc.invalidateQueries({ queryKey: registeredWalletsKey });
    },
  });
  return { agent, setAgent, registered, register };
}
