// The "wallet" namespace in all 7 locales (files: locales/<lang>/wallet.json).
import zh from '../../locales/zh/wallet.json' with { type: 'json' };
import en from '../../locales/en/wallet.json' with { type: 'json' };
import hk from '../../locales/hk/wallet.json' with { type: 'json' };
import jp from '../../locales/jp/wallet.json' with { type: 'json' };
import kor from '../../locales/kor/wallet.json' with { type: 'json' };
import th from '../../locales/th/wallet.json' with { type: 'json' };
import ind from '../../locales/ind/wallet.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
