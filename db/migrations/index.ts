/**
 * Every migration, listed explicitly (no file-system scanning, so the list is the same under tsx, vitest
 * and a bundle). Names sort in apply order; areas take their own number range:
 * 0001-0099 foundation (news included), 0100 ledger, 0200 accounts, 0300 spot, 0400 market, 0500 micro, 0550 mark price, 0600 lever,
 * 0700 c2c (p2p), 0800 deposit/withdraw, 0900 earning/jc/team, 0950 acceptors/region,
 * 1000 operator console, 1100 notifications, 1200 proof of liabilities, 1300 API keys.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0050 from './0050_scheduler';
import * as m0100 from './0100_ledger';
import * as m0200 from './0200_accounts';
import * as m0201 from './0201_unclaimed_uploads';
import * as m0210 from './0210_auth_counters';
import * as m0300 from './0300_spot';
import * as m0301 from './0301_spot_trade_users';
import * as m0302 from './0302_spot_id_blocks';
import * as m0400 from './0400_market_favourites';
import * as m0500 from './0500_micro';
import * as m0501 from './0501_micro_mark';
import * as m0550 from './0550_mark';
import * as m0600 from './0600_lever';
import * as m0601 from './0601_lever_terms';
import * as m0800 from './0800_funding';
import * as m0801 from './0801_funding_deposits';
import * as m0802 from './0802_funding_withdrawals';
import * as m0803 from './0803_funding_withdraw_addresses';
import * as m0810 from './0810_funding_evm';
import * as m0815 from './0815_funding_utxo';
import * as m0816 from './0816_funding_evm_sweeps';
import * as m0811 from './0811_funding_pay';
import * as m0812 from './0812_funding_tx_credits';
import * as m0700 from './0700_p2p';
import * as m0701 from './0701_p2p_cancels';
import * as m0702 from './0702_p2p_appeals';
import * as m1000 from './1000_console';
import * as m1001 from './1001_console_four_eyes';
import * as m0950 from './0950_acceptor';
import * as m0710 from './0710_p2p_shops';
import * as m0740 from './0740_p2p_deal_images';
import * as m0773 from './0773_p2p_deal_chat';
import * as m0900 from './0900_earning';
import * as m0220 from './0220_security';
import * as m0245 from './0245_auth_counters_pending';
import * as m0202 from './0202_public_nickname';
import * as m0741 from './0741_p2p_shop_public_names';
import * as m0230 from './0230_payment_details_cooloff';
import * as m0745 from './0745_p2p_decision_reason';
import * as m0771 from './0771_p2p_shop_fiat_limits';
import * as m0772 from './0772_p2p_c2c_pay_window';
import * as m0955 from './0955_acceptor_disputes';
import * as m1100 from './1100_notifications';
import * as m0206 from './0206_codes_sandbox_tickets';
import * as m1200 from './1200_pol';
import * as m1300 from './1300_api_keys';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0050_scheduler': m0050,
  '0100_ledger': m0100,
  '0200_accounts': m0200,
  '0201_unclaimed_uploads': m0201,
  '0210_auth_counters': m0210,
  '0300_spot': m0300,
  '0301_spot_trade_users': m0301,
  '0302_spot_id_blocks': m0302,
  '0400_market_favourites': m0400,
  '0500_micro': m0500,
  '0501_micro_mark': m0501,
  '0550_mark': m0550,
  '0600_lever': m0600,
  '0601_lever_terms': m0601,
  '0800_funding': m0800,
  '0801_funding_deposits': m0801,
  '0802_funding_withdrawals': m0802,
  '0803_funding_withdraw_addresses': m0803,
  '0810_funding_evm': m0810,
  '0811_funding_pay': m0811,
  '0812_funding_tx_credits': m0812,
  '0815_funding_utxo': m0815,
  '0816_funding_evm_sweeps': m0816,
  '0700_p2p': m0700,
  '0701_p2p_cancels': m0701,
  '0702_p2p_appeals': m0702,
  '1000_console': m1000,
  '1001_console_four_eyes': m1001,
  '0950_acceptor': m0950,
  '0710_p2p_shops': m0710,
  '0740_p2p_deal_images': m0740,
  '0900_earning': m0900,
  '0220_security': m0220,
  '0245_auth_counters_pending': m0245,
  '0202_public_nickname': m0202,
  '0741_p2p_shop_public_names': m0741,
  '0230_payment_details_cooloff': m0230,
  '0745_p2p_decision_reason': m0745,
  '0771_p2p_shop_fiat_limits': m0771,
  '0772_p2p_c2c_pay_window': m0772,
  '0955_acceptor_disputes': m0955,
  '0773_p2p_deal_chat': m0773,
  '1100_notifications': m1100,
  '0206_codes_sandbox_tickets': m0206,
  '1200_pol': m1200,
  '1300_api_keys': m1300,
};
