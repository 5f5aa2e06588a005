// The "common" namespace in all 7 locales (files: locales/<lang>/common.json).
import zh from '../../locales/zh/common.json' with { type: 'json' };
import en from '../../locales/en/common.json' with { type: 'json' };
import hk from '../../locales/hk/common.json' with { type: 'json' };
import jp from '../../locales/jp/common.json' with { type: 'json' };
import kor from '../../locales/kor/common.json' with { type: 'json' };
import th from '../../locales/th/common.json' with { type: 'json' };
import ind from '../../locales/ind/common.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
