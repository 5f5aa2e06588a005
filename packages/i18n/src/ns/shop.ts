// The "shop" namespace in all 7 locales (files: locales/<lang>/shop.json).
import zh from '../../locales/zh/shop.json' with { type: 'json' };
import en from '../../locales/en/shop.json' with { type: 'json' };
import hk from '../../locales/hk/shop.json' with { type: 'json' };
import jp from '../../locales/jp/shop.json' with { type: 'json' };
import kor from '../../locales/kor/shop.json' with { type: 'json' };
import th from '../../locales/th/shop.json' with { type: 'json' };
import ind from '../../locales/ind/shop.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
