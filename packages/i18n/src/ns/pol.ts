// The "pol" namespace in all 7 locales (files: locales/<lang>/pol.json).
import zh from '../../locales/zh/pol.json' with { type: 'json' };
import en from '../../locales/en/pol.json' with { type: 'json' };
import hk from '../../locales/hk/pol.json' with { type: 'json' };
import jp from '../../locales/jp/pol.json' with { type: 'json' };
import kor from '../../locales/kor/pol.json' with { type: 'json' };
import th from '../../locales/th/pol.json' with { type: 'json' };
import ind from '../../locales/ind/pol.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
