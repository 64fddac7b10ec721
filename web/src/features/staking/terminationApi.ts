// The calls of a terminated account's wallet status page (issue 24): SyncValidators for where each
// exit stands (its Exits) and ComeBack, the wallet's signed registration message that approves the
// wallet again once every validator has exited.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { comeBackMessages, Eth2Wallet, StakeWalletAddress, walletRegistrationMessage } from '@payd/schemas';
import { useApi } from '../../shell/session/session.tsx';
import { confirmWalletState } from '../../shell/session/originStore.ts';
import { registeredWalletsKey } from '../../shell/session/registeredWallets.ts';
import { notify } from '../../notifications/notify.ts';
import { noteChainTime, stakingKeys, SYNC_EVERY_MS } from './dashboardApi.ts';
import { walletStatusKey, type WalletStatus } from './stakingApi.ts';
import { setKnownWalletStatus } from '../../shell/navigation/walletStatusStore.ts';
import { useT } from '../../i18n/useT.ts';

/** The exits of the validators at `address`, synced with the beacon node every 30 s. */
export function useExits(address: string | undefined, hasWallet: boolean) {
  const api = useApi();
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['staking', 'exits', String(address ?? '').toLowerCase()],
    queryFn: async () => {
      const r = await api.call(Eth2Wallet.SyncValidators, { walletAddress: address ?? '' });
      noteChainTime(r.data.BeaconTimeUtc);
      // The validators' codes moved with the sync: read them again.
      await qc.invalidateQueries({ queryKey: [...stakingKeys.all] });
      return r.data.Exits ?? [];
    },
    enabled: Boolean(address) && hasWallet,
    refetchInterval: SYNC_EVERY_MS,
    meta: { silent: true },
  });
}

/** ComeBack: the wallet signs the registration message again; the wallet is Approved again. */
export function useComeBack(o: {
  address: string | undefined;
  usrId: number | undefined;
  signMessage: (args: { message: string }) => Promise<string>;
}) {
  const api = useApi();
  const qc = useQueryClient();
  const { t, message } = useT();
  return useMutation({
    mutationFn: async () => {
      const WalletSignedAt = new Date().toISOString();
      const message = walletRegistrationMessage({
        address: o.address!,
        usrId: o.usrId!,
        signedAt: WalletSignedAt,
      });
      const WalletSignature = await o.signMessage({ message });
      const r = await api.call(StakeWalletAddress.ComeBack, {
        walletAddress: o.address ?? '',
        WalletSignedAt,
        WalletSignature,
      });
      return r.data;
    },
    onSuccess: async (status) => {
      if (o.usrId && o.address) setKnownWalletStatus({ usrId: o.usrId, address: o.address, code: 'A' });
      confirmWalletState();
      // Approved again: the account is no longer terminated, for unpaid charges or otherwise.
      qc.setQueryData<WalletStatus>(walletStatusKey(o.address!), { ...status, TerminatedForCredits: 'N' });
      notify({ msgType: 'S', title: t('dash.comeBack.welcome'), message: message(comeBackMessages.done) });
      await qc.invalidateQueries({ queryKey: registeredWalletsKey });
    },
  });
}
