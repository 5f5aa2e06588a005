// The "market" namespace in all 7 locales (files: locales/<lang>/market.json).
import zh from '../../locales/zh/market.json' with { type: 'json' };
import en from '../../locales/en/market.json' with { type: 'json' };
import hk from '../../locales/hk/market.json' with { type: 'json' };
import jp from '../../locales/jp/market.json' with { type: 'json' };
import kor from '../../locales/kor/market.json' with { type: 'json' };
import th from '../../locales/th/market.json' with { type: 'json' };
import ind from '../../locales/ind/market.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
